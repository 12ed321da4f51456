#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit

/// `NSTextFieldDelegate` as OnKit events and decisions, on every text field (search, secure and
/// token fields included): `field.on.textChanged { field, text in … }`.
///
/// OnKit installs its proxy as the delegate on the first `on.` call and follows every adapter's
/// rules (<doc:Semantics>, "Delegate adapters"): the field's own delegate is kept, called first,
/// and followed when it is set later (at the next `on.` call); methods OnKit does not handle go
/// straight to it.
@MainActor
extension On where Base: NSTextField {
    /// The user changed the text (`controlTextDidChange`); the handler gets the new
    /// `stringValue`. Setting the text in code sends nothing, as with AppKit's own.
    ///
    /// ```swift
    /// nameField.on.textChanged(owner: self) { controller, text in
    ///     controller.name = text
    /// }
    /// ```
    public var textChanged: ReadOnlyEvent<Base, String> { callback(\.textChanged) }

    /// Asked before the field starts editing; all must allow (the field's own delegate first,
    /// stopping at the first `false`; `true` with nobody to ask):
    /// `field.on.shouldBeginEditing { field in !isLocked }`.
    public var shouldBeginEditing: ReadOnlyDecision<Base, Void, Bool> { callback(\.shouldBeginEditing) }

    /// Editing began (the first change after the field became first responder):
    /// `field.on.didBeginEditing { field in field.backgroundColor = .selectedTextBackgroundColor }`.
    public var didBeginEditing: ReadOnlyEvent<Base, Void> { callback(\.didBeginEditing) }

    /// Asked before the field stops editing; all must allow (the field's own delegate first,
    /// stopping at the first `false`; `true` with nobody to ask). `false` keeps the focus:
    /// `field.on.shouldEndEditing { field in !field.stringValue.isEmpty }`.
    public var shouldEndEditing: ReadOnlyDecision<Base, Void, Bool> { callback(\.shouldEndEditing) }

    /// Editing ended, with the key that ended it (`.return`, `.tab`, `.backtab`, `.other`…):
    /// `field.on.didEndEditing { field, movement in if movement == .return { submit() } }`.
    public var didEndEditing: ReadOnlyEvent<Base, NSTextMovement> { callback(\.didEndEditing) }

    /// A key command in the field (`doCommandBy`: `insertNewline(_:)`, `cancelOperation(_:)`,
    /// `moveUp(_:)`…); answer `true` if you handled it, which stops the field editor doing it.
    ///
    /// ```swift
    /// searchField.on.doCommand { field, selector in
    ///     let cancel = #selector(NSResponder.cancelOperation(_:))
    ///     guard selector == cancel else { return false }
    ///     field.stringValue = ""
    ///     return true
    /// }
    /// ```
    ///
    /// Combine rule: handled if any handles it (`Decision.any()`): the field's own delegate
    /// first, then the handlers in order, stopping at the first `true`; `false` with nobody to ask.
    public var doCommand: ReadOnlyDecision<Base, Selector, Bool> { callback(\.doCommand) }
}

extension NSTextField: DelegateProxyHost { typealias OnKitDelegateProxy = NSTextFieldDelegateProxy }
#endif
