#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit

/// The target OnKit puts in an AppKit object's one target-action slot (`ActionSlot`): on every
/// action it calls the target and action the object had before, then the handlers. A table view
/// sends it its `doubleAction` too, and menus and toolbars ask it to validate the item.
///
/// ## What counts as "before"
/// When OnKit takes the slot again (`take(_:doubleClick:)`), a part of it that still holds
/// OnKit's own value stands for the previous one: an app that set only a new `action` while the
/// target is OnKit's keeps the target it had, and a table whose `action` is still OnKit's keeps
/// its previous `action` when OnKit adds the `doubleAction`. So OnKit never calls itself.
@MainActor final class SlotTarget: NSObject, NSMenuItemValidation, NSToolbarItemValidation {
    /// Where an AppKit object's slot target is stored (AppKit holds targets weakly).
    nonisolated static let key = AssociationKey<SlotTarget>("AppKit.slotTarget", default: SlotTarget())

    /// What the object sent before OnKit took its slot.
    struct PreviousAction {
        /// Held weakly, as AppKit holds targets; `nil` sends up the responder chain.
        weak var target: AnyObject?
        let action: Selector?
        /// A table view's `doubleAction`, sent to the same target.
        let doubleAction: Selector?
    }

    let slot = ActionSlot<NSObject, PreviousAction>()
    /// The object whose slot this target takes (set by `take`): the only item it validates.
    private weak var host: NSObject?
    /// A table view's double clicks, after its previous `doubleAction`.
    nonisolated let doubleClick = Event<NSObject, Void>()
    /// Menu and toolbar validation; all must allow (`Decision.all()`).
    nonisolated let validate = Decision<NSObject, Void, Bool>.all()

    nonisolated override init() {
        super.init()
    }

    /// Takes `host`'s slot unless it holds this target (see `ActionSlot`); with `doubleClick`,
    /// a table view's `doubleAction` too. A table's `doubleAction` is taken only when asked for
    /// or when the table had one (it goes to the target OnKit replaces): a table with a
    /// `doubleAction` no longer edits a cell on a double click.
    func take(_ host: some TargetActionHost, doubleClick: Bool = false) {
        self.host = host
        let fire = #selector(fire(_:)), fireDoubleClick = #selector(fireDoubleClick(_:))
        let table = host as? NSTableView
        let holdsDoubleClick = table.map { $0.doubleAction == fireDoubleClick || (!doubleClick && $0.doubleAction == nil) }
        slot.take(
            on: host,
            holdsOurs: host.target === self && host.action == fire && (holdsDoubleClick ?? true),
            current: {
                let previous = slot.previous, ours = host.target === self
                let action = ours && host.action == fire ? previous?.action : host.action
                let double = ours && table?.doubleAction == fireDoubleClick ? previous?.doubleAction : table?.doubleAction
                guard action != nil || double != nil else { return nil }
                return PreviousAction(target: ours ? previous?.target : host.target, action: action, doubleAction: double)
            },
            write: {
                host.target = self
                host.action = fire
                if let table, doubleClick || slot.previous?.doubleAction != nil { table.doubleAction = fireDoubleClick }
            }
        )
    }

    /// The action AppKit sends: the previous action, then the handlers. The previous action
    /// gets the item AppKit sent it from: the host, or a menu item made from the host's target
    /// and action (a toolbar item's `menuFormRepresentation`), as without OnKit.
    @objc func fire(_ sender: Any?) {
        slot.fire { host, previous in Self.send(previous.action, to: previous.target, from: sender ?? host) }
    }

    /// A table view's `doubleAction`: the previous one, then the handlers of `doubleClick`.
    @objc func fireDoubleClick(_ sender: Any?) {
        slot.fire(doubleClick) { host, previous in Self.send(previous.doubleAction, to: previous.target, from: host) }
    }

    /// As AppKit sends it: to the target, or up the responder chain when it is `nil`.
    private static func send(_ action: Selector?, to target: AnyObject?, from sender: Any) {
        guard let action else { return }
        NSApplication.shared.sendAction(action, to: target, from: sender)
    }

    // Validation, as AppKit asks for it: through the informal `validateMenuItem:` and
    // `validateToolbarItem:` methods (categories on `NSObject` in Objective-C), found with
    // `responds(to:)`, never with a cast to `NSMenuItemValidation`, which asks `conforms(to:)`
    // and misses an Objective-C controller that adopts no protocol.
    //
    // A menu item made from the host's `target` and `action` (a toolbar item's
    // `menuFormRepresentation`, a main-menu item wired the same way) sends what the host sends:
    // the validator that takes the host's previous action is asked about it, with the item
    // showing that target and action, as without OnKit. The host's handlers are not asked
    // (`ProxyCallback.serving`, in `on.validate`): they were added for the host. Any other item
    // gets AppKit's answer for a target that responds to the action and has no validation
    // method: enabled.

    func validateMenuItem(_ item: NSMenuItem) -> Bool {
        guard item === host || (item.target === self && item.action == #selector(fire(_:))) else { return true }
        let before = askAsBefore(item) { validator in
            Self.validation(by: validator, #selector(validateMenuItem(_:))) {
                objCProtocolView(of: validator, as: (any NSMenuItemValidation).self)?.validateMenuItem(item)
            } ?? Self.userInterfaceValidation(by: validator, of: item)
        }
        return validate.answer(item, (), after: before) ?? true
    }

    func validateToolbarItem(_ item: NSToolbarItem) -> Bool {
        guard item === host else { return true }
        let before = askAsBefore(item) { validator in
            Self.validation(by: validator, #selector(validateToolbarItem(_:))) {
                objCProtocolView(of: validator, as: (any NSToolbarItemValidation).self)?.validateToolbarItem(item)
            } ?? Self.userInterfaceValidation(by: validator, of: item)
        }
        return validate.answer(item, (), after: before) ?? true
    }

    /// `validate()`, if `validator` responds to `selector` (the validation method it calls).
    private static func validation(by validator: AnyObject, _ selector: Selector, _ validate: () -> Bool?) -> Bool? {
        (validator as? any NSObjectProtocol)?.responds(to: selector) == true ? validate() : nil
    }

    /// The selector of `NSUserInterfaceValidations.validateUserInterfaceItem(_:)`, spelled once (a
    /// `#selector` naming the protocol type warns under `ExistentialAny`).
    private static let validateUserInterfaceItem = NSSelectorFromString("validateUserInterfaceItem:")

    /// The validator's `validateUserInterfaceItem(_:)`, if it responds to it.
    private static func userInterfaceValidation(by validator: AnyObject, of item: any NSValidatedUserInterfaceItem) -> Bool? {
        validation(by: validator, validateUserInterfaceItem) {
            objCProtocolView(of: validator, as: (any NSUserInterfaceValidations).self)?.validateUserInterfaceItem(item)
        }
    }

    /// What AppKit answered before OnKit took `item`'s slot: `nil` if it had no action (nothing
    /// to ask); `false` if nobody takes its action (AppKit disables such an item); else what
    /// the validator that takes it answers through `ask`, `true` if it has no such method.
    ///
    /// The validator is asked while `item` shows its previous target and action again, because
    /// validators tell items apart by `action` (`NSTextView` enables Copy only for `copy:`).
    /// AppKit does not validate again when an item's action changes, so the swap is not seen.
    private func askAsBefore<Item: TargetActionHost>(_ item: Item, _ ask: (AnyObject) -> Bool?) -> Bool? {
        guard let previous = slot.previous, let action = previous.action else { return nil }
        let validator: AnyObject
        if let target = previous.target {
            guard (target as? any NSObjectProtocol)?.responds(to: action) == true else { return false }
            validator = target
        } else {
            guard let found = NSApplication.shared.target(forAction: action, to: nil, from: item) else { return false }
            validator = found as AnyObject
        }
        item.target = previous.target
        item.action = action
        defer {
            item.target = self
            item.action = #selector(fire(_:))
        }
        return ask(validator) ?? true
    }
}

extension On where Base: TargetActionHost {
    /// The host's slot target, having taken the slot (again, if the app set a target since).
    @MainActor func slotTarget(doubleClick: Bool = false) -> SlotTarget {
        let target = On<NSObject>(base)[SlotTarget.key]
        target.take(base, doubleClick: doubleClick)
        return target
    }
}
#endif
