#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit

extension On where Base: NSToolbarItem {
    /// Whether the item is enabled, asked each time its toolbar validates it
    /// (`NSToolbarItemValidation` on OnKit's target): all handlers must allow.
    ///
    /// ```swift
    /// shareItem.on.validate(owner: self) { controller, item in
    ///     controller.document != nil
    /// }
    /// ```
    ///
    /// The same rule as a menu item's `on.validate`: what the item's previous target (or the
    /// responder chain's) answered comes first, then the handlers, stopping at the first `false`.
    /// AppKit asks only for items with `autovalidates` on and no custom view.
    @MainActor public var validate: ReadOnlyDecision<Base, Void, Bool> {
        slotTarget().validate.readOnly.sent(as: Base.self)
    }
}
#endif
