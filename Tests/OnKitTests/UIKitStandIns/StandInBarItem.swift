@_spi(OnKitInternal) @testable import OnKit

/// A stand-in for `UIBarButtonItem`'s one target-action slot: a weak target and an action,
/// the action being a name the target performs (a selector).
@MainActor protocol StandInResponder: AnyObject {
    func perform(_ action: String, sender: StandInBarItem)
}

@MainActor class StandInBarItem: MainActorBound, OnCompatible {
    weak var target: (any StandInResponder)?
    var action: String?

    /// What UIKit does on a tap: sends the action to the target.
    func tap() {
        if let action { target?.perform(action, sender: self) }
    }
}

@MainActor final class StandInTitledItem: StandInBarItem {
    var title = "Done"
}

/// The previous action, as `BarButtonItemTarget.PreviousAction.targetAction` keeps it.
struct StandInPreviousAction {
    weak var target: (any StandInResponder)?
    let action: String
}

/// The target OnKit puts in the slot, as `BarButtonItemTarget` does on iOS.
@MainActor final class StandInBarItemTarget: StandInResponder {
    static let action = "onKitFire"
    let slot = ActionSlot<StandInBarItem, StandInPreviousAction>()

    nonisolated init() {}

    func take(_ item: StandInBarItem) {
        slot.take(
            on: item,
            holdsOurs: item.target === self && item.action == Self.action,
            current: { item.action.map { StandInPreviousAction(target: item.target, action: $0) } },
            write: {
                item.target = self
                item.action = Self.action
            }
        )
    }

    func perform(_ action: String, sender: StandInBarItem) {
        slot.fire { item, previous in previous.target?.perform(previous.action, sender: item) }
    }
}

enum StandInBarItemKeys {
    static let target = AssociationKey<StandInBarItemTarget>("StandInBarItem.target", default: StandInBarItemTarget())
}

extension On where Base: StandInBarItem {
    /// The adapter, written as `UIBarButtonItem+On.swift` is.
    @MainActor var tap: ReadOnlyEvent<Base, Void> {
        let item: StandInBarItem = base
        let target = On<StandInBarItem>(item)[StandInBarItemKeys.target]
        target.take(item)
        return target.slot.event.readOnly.sent(as: Base.self)
    }
}

/// A target the app set on the item itself.
@MainActor final class AppResponder: StandInResponder {
    let name: String
    let log: Recorder<String>
    init(_ name: String, log: Recorder<String>) {
        self.name = name
        self.log = log
    }
    func perform(_ action: String, sender: StandInBarItem) { log.append("\(name).\(action)") }
}
