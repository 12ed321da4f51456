@_spi(OnKitInternal) @testable import OnKit

/// A stand-in for `UIControl`: a `@MainActor` host with UIKit's target-action rules — targets
/// held weakly, any number per event mask, called in the order they were added, removable by
/// mask. The "selector" is a closure that calls the target.
@MainActor class StandInControl: MainActorBound, OnCompatible {
    static let valueChanged: UInt = 1 << 12
    static let primaryActionTriggered: UInt = 1 << 13
    static let editingChanged: UInt = 1 << 17

    private struct Registration {
        weak var target: AnyObject?
        let action: @MainActor (AnyObject) -> Void
        let events: UInt
    }

    private var registrations: [Registration] = []
    /// How many times `addTarget` was called: what OnKit adds, it adds once per mask.
    private(set) var addTargetCalls = 0

    func addTarget(_ target: AnyObject, action: @escaping @MainActor (AnyObject) -> Void, for events: UInt) {
        addTargetCalls += 1
        registrations.append(Registration(target: target, action: action, events: events))
    }

    /// Removes every target of `events` (UIKit's `removeTarget(nil, action: nil, for:)`).
    func removeAllTargets(for events: UInt) {
        registrations.removeAll { $0.events & events != 0 }
    }

    var allTargets: [AnyObject] { registrations.compactMap(\.target) }

    /// What UIKit does on a user action: calls each live target registered for `events`, in order.
    func sendActions(for events: UInt) {
        for registration in registrations where registration.events & events != 0 {
            if let target = registration.target { registration.action(target) }
        }
    }
}

@MainActor final class StandInSlider: StandInControl {
    var value = 0.0
}

/// The target OnKit's adapter adds, as `ActionTarget` does on iOS.
@MainActor final class StandInActionTarget {
    private let relay: ActionRelay<StandInControl>
    init(relay: ActionRelay<StandInControl>) { self.relay = relay }
    func fire() { relay.fire() }
}

enum StandInControlKeys {
    static let targets = AssociationKey<ActionTargets<StandInControl, UInt, StandInActionTarget>>(
        "StandInControl.actionTargets", default: ActionTargets()
    )
}

/// The adapter, written as `UIControl+On.swift` is.
extension On where Base: StandInControl {
    @MainActor func event(_ events: UInt) -> ReadOnlyEvent<Base, Void> {
        let control: StandInControl = base
        return On<StandInControl>(control)[StandInControlKeys.targets].event(
            for: events,
            on: control,
            make: { StandInActionTarget(relay: $0) },
            isAdded: { target in control.allTargets.contains { $0 === target } },
            add: { control.addTarget($0, action: { ($0 as? StandInActionTarget)?.fire() }, for: events) }
        ).readOnly.sent(as: Base.self)
    }

    @MainActor var valueChanged: ReadOnlyEvent<Base, Void> { event(StandInControl.valueChanged) }

    /// The trailing-closure form, as on iOS.
    @discardableResult @MainActor
    func event(_ events: UInt, _ handler: @escaping @MainActor @Sendable (Base) -> Void) -> EventSubscription {
        event(events)(handler)
    }
}

/// A target the app added itself.
@MainActor final class AppTarget {
    let name: String
    let log: Recorder<String>
    init(_ name: String, log: Recorder<String>) {
        self.name = name
        self.log = log
    }
}

extension StandInControl {
    /// Adds `target` as the app would, logging its name on each action.
    func addAppTarget(_ target: AppTarget, for events: UInt) {
        addTarget(target, action: { ($0 as? AppTarget).map { $0.log.append($0.name) } }, for: events)
    }
}
