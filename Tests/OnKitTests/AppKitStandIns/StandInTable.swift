@_spi(OnKitInternal) @testable import OnKit

/// A stand-in for AppKit's one target-action slot as an `NSTableView` has it: a weak target and
/// two actions sent to it (`action` on a click, `doubleAction` on a double click), the actions
/// being names the target performs (selectors). A `nil` target sends up the responder chain,
/// here one object.
@MainActor protocol StandInActionReceiver: AnyObject {
    /// Performs `action` if it knows it (`false` if not: AppKit would raise).
    func perform(_ action: String, sender: StandInTable) -> Bool
}

@MainActor final class StandInTable: MainActorBound, OnCompatible {
    weak var target: (any StandInActionReceiver)?
    var action: String?
    var doubleAction: String?
    /// Where an action sent to a `nil` target goes.
    var responderChain: (any StandInActionReceiver)?
    /// Actions sent to a target that did not know them.
    private(set) var unknownActions: [String] = []

    func click() { send(action, to: target) }
    func doubleClick() { send(doubleAction, to: target) }

    /// As `NSApplication.sendAction(_:to:from:)` does: to `receiver`, or up the chain if `nil`.
    func send(_ action: String?, to receiver: (any StandInActionReceiver)?) {
        guard let action, let receiver = receiver ?? responderChain else { return }
        if !receiver.perform(action, sender: self) { unknownActions.append(action) }
    }
}

/// The previous actions, as `SlotTarget.PreviousAction` keeps them.
struct StandInPreviousActions {
    weak var target: (any StandInActionReceiver)?
    let action: String?
    let doubleAction: String?
}

/// The target OnKit puts in the slot, written as `SlotTarget` is on macOS: a part of the slot that
/// still holds OnKit's own value stands for the previous one, and the double action is taken only
/// when asked for or when the table had one.
@MainActor final class StandInSlotTarget: StandInActionReceiver {
    static let fire = "onKitFire", fireDoubleClick = "onKitFireDoubleClick"
    let slot = ActionSlot<StandInTable, StandInPreviousActions>()
    nonisolated let doubleClick = Event<StandInTable, Void>()

    nonisolated init() {}

    func take(_ host: StandInTable, doubleClick: Bool = false) {
        let holdsDoubleClick = host.doubleAction == Self.fireDoubleClick || (!doubleClick && host.doubleAction == nil)
        slot.take(
            on: host,
            holdsOurs: host.target === self && host.action == Self.fire && holdsDoubleClick,
            current: {
                let previous = slot.previous, ours = host.target === self
                let action = ours && host.action == Self.fire ? previous?.action : host.action
                let double = ours && host.doubleAction == Self.fireDoubleClick ? previous?.doubleAction : host.doubleAction
                guard action != nil || double != nil else { return nil }
                return StandInPreviousActions(target: ours ? previous?.target : host.target, action: action, doubleAction: double)
            },
            write: {
                host.target = self
                host.action = Self.fire
                if doubleClick || slot.previous?.doubleAction != nil { host.doubleAction = Self.fireDoubleClick }
            }
        )
    }

    func perform(_ action: String, sender: StandInTable) -> Bool {
        switch action {
        case Self.fire: slot.fire { table, previous in table.send(previous.action, to: previous.target) }
        case Self.fireDoubleClick: slot.fire(doubleClick) { table, previous in table.send(previous.doubleAction, to: previous.target) }
        default: return false
        }
        return true
    }
}

enum StandInTableKeys {
    static let target = AssociationKey<StandInSlotTarget>("StandInTable.slotTarget", default: StandInSlotTarget())
}

extension On where Base: StandInTable {
    /// The adapters, written as `TargetActionHost+On.swift` and `NSTableView+DoubleClick.swift` are.
    @MainActor func slotTarget(doubleClick: Bool = false) -> StandInSlotTarget {
        let target = On<StandInTable>(base)[StandInTableKeys.target]
        target.take(base, doubleClick: doubleClick)
        return target
    }

    @MainActor var action: ReadOnlyEvent<Base, Void> { slotTarget().slot.event.readOnly.sent(as: Base.self) }
    @MainActor var doubleClick: ReadOnlyEvent<Base, Void> {
        slotTarget(doubleClick: true).doubleClick.readOnly.sent(as: Base.self)
    }
}

/// A target the app set on the table itself: performs any action, logging it.
@MainActor final class AppActionReceiver: StandInActionReceiver {
    let name: String
    let log: Recorder<String>
    init(_ name: String, log: Recorder<String>) {
        self.name = name
        self.log = log
    }
    func perform(_ action: String, sender: StandInTable) -> Bool {
        log.append("\(name).\(action)")
        return true
    }
}
