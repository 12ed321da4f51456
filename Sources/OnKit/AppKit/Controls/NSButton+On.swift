#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit

extension On where Base: NSButton {
    /// The button was clicked (its action was sent): `button.on.tap { button in … }`, the same
    /// name as on iOS.
    ///
    /// ```swift
    /// saveButton.on.tap(owner: self) { controller, button in controller.save() }
    /// ```
    ///
    /// An `NSButton` has one action, sent for a click, a key equivalent or accessibility, so this
    /// is `on.action` under the name a button's action has everywhere (see `on.action` for the
    /// target and action the app set).
    @MainActor public var tap: ReadOnlyEvent<Base, Void> { action }
}
#endif
