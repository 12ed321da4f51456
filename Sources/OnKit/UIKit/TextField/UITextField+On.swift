#if canImport(UIKit) && !os(watchOS)  // UIKit on watchOS has no views, controls or recognizers
import UIKit

/// `UITextFieldDelegate` as OnKit events and decisions: `field.on.shouldReturn { field in … }`.
///
/// OnKit installs its proxy as the delegate on the first `on.` call and follows every adapter's
/// rules (<doc:Semantics>, "Delegate adapters"). Every decision is `true` only if all say `true`,
/// stopping at the first `false`; with nobody to ask it is UIKit's default, `true`.
@MainActor
extension On where Base: UITextField {
    /// Asked before the field starts editing; all handlers must allow:
    /// `field.on.shouldBeginEditing { field in field.isEnabled }`.
    public var shouldBeginEditing: ReadOnlyDecision<Base, Void, Bool> { callback(\.shouldBeginEditing) }

    /// The field became first responder: `field.on.didBeginEditing { field in field.backgroundColor = .systemYellow }`.
    public var didBeginEditing: ReadOnlyEvent<Base, Void> { callback(\.didBeginEditing) }

    /// Asked before the field stops editing; all handlers must allow:
    /// `field.on.shouldEndEditing { field in field.text?.isEmpty == false }`.
    public var shouldEndEditing: ReadOnlyDecision<Base, Void, Bool> { callback(\.shouldEndEditing) }

    /// Editing ended, with why: `field.on.didEndEditing { field, reason in save(field.text) }`.
    public var didEndEditing: ReadOnlyEvent<Base, UITextField.DidEndEditingReason> { callback(\.didEndEditing) }

    /// Asked before the field replaces the characters in `range` with `replacement`; all
    /// handlers must allow: `field.on.shouldChangeCharacters { change in change.replacement.allSatisfy(\.isNumber) }`.
    public var shouldChangeCharacters: ReadOnlyDecision<Base, TextReplacement, Bool> {
        callback(\.shouldChangeCharacters)
    }

    /// The selection changed: `field.on.didChangeSelection { field in print(field.selectedTextRange as Any) }`.
    public var didChangeSelection: ReadOnlyEvent<Base, Void> { callback(\.didChangeSelection) }

    /// Asked when the clear button is tapped; all handlers must allow:
    /// `field.on.shouldClear { field in !field.isSecureTextEntry }`.
    public var shouldClear: ReadOnlyDecision<Base, Void, Bool> { callback(\.shouldClear) }

    /// Asked when Return is pressed; `true` lets the field do its default (all handlers must
    /// allow): `field.on.shouldReturn { field in field.resignFirstResponder() }`.
    public var shouldReturn: ReadOnlyDecision<Base, Void, Bool> { callback(\.shouldReturn) }
}
#endif
