#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit

extension On where Base: NSMenuItem {
    /// Whether the item is enabled, asked each time its menu validates it (`NSMenuItemValidation`
    /// on OnKit's target): all handlers must allow.
    ///
    /// ```swift
    /// deleteItem.on.action(owner: self) { controller, item in
    ///     controller.deleteSelection()
    /// }
    /// deleteItem.on.validate(owner: self) { controller, item in
    ///     controller.hasSelection
    /// }
    /// ```
    ///
    /// Combine rule: all must allow (`Decision.all()`), stopping at the first `false`. The answer
    /// the item had before OnKit took its target is asked first, so an item stays disabled where
    /// it was: the previous target's `validateMenuItem(_:)` (or `validateUserInterfaceItem(_:)`),
    /// or, for an item without a target, that of the object the responder chain sends its action
    /// to; `false` if nobody takes the action. With no previous action and no handler, `true`.
    /// The validator sees the item with its own target and action again, so "Copy" keeps
    /// greying out as before.
    ///
    /// AppKit asks only while the item's menu has `autoenablesItems` on (the default): with it
    /// off, validation is off and `isEnabled` is yours to set.
    @MainActor public var validate: ReadOnlyDecision<Base, Void, Bool> {
        slotTarget().validate.readOnly.sent(as: Base.self)
    }
}
#endif
