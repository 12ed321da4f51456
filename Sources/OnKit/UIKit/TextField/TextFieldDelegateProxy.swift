#if canImport(UIKit) && !os(watchOS)  // UIKit on watchOS has no views, controls or recognizers
import UIKit

/// The `UITextFieldDelegate` OnKit installs on a text field (see `DelegateProxy` and
/// `ObjCDelegateProxy`): each method goes to the field's own delegate first, then to OnKit's
/// handlers. Every decision is `Decision.all()`: with nobody to ask, the answer is UIKit's
/// without a delegate, `true`.
@MainActor final class TextFieldDelegateProxy: ObjCDelegateProxy, UITextFieldDelegate, DelegateProxy {
    nonisolated static let key = AssociationKey("UITextField.delegateProxy", default: TextFieldDelegateProxy())
    nonisolated let forwarding = DelegateForwarding<any UITextFieldDelegate>(objectiveC: .weak)
    nonisolated var asDelegate: any UITextFieldDelegate { self }

    nonisolated let shouldBeginEditing = Decision<UITextField, Void, Bool>.all()
    nonisolated let didBeginEditing = Event<UITextField, Void>()
    nonisolated let shouldEndEditing = Decision<UITextField, Void, Bool>.all()
    nonisolated let didEndEditing = Event<UITextField, UITextField.DidEndEditingReason>()
    nonisolated let shouldChangeCharacters = Decision<UITextField, TextReplacement, Bool>.all()
    nonisolated let didChangeSelection = Event<UITextField, Void>()
    nonisolated let shouldClear = Decision<UITextField, Void, Bool>.all()
    nonisolated let shouldReturn = Decision<UITextField, Void, Bool>.all()

    nonisolated override func callback(for selector: Selector) -> (any Subscribable)? {
        switch selector {
        case #selector(textFieldShouldBeginEditing(_:)): shouldBeginEditing
        case #selector(textFieldDidBeginEditing(_:)): didBeginEditing
        case #selector(textFieldShouldEndEditing(_:)): shouldEndEditing
        case #selector(textFieldDidEndEditing(_:reason:)): didEndEditing
        case #selector(textField(_:shouldChangeCharactersIn:replacementString:)): shouldChangeCharacters
        case #selector(textFieldDidChangeSelection(_:)): didChangeSelection
        case #selector(textFieldShouldClear(_:)): shouldClear
        case #selector(textFieldShouldReturn(_:)): shouldReturn
        default: nil
        }
    }

    // One line per method: the field's own delegate, then the handlers.

    func textFieldShouldBeginEditing(_ field: UITextField) -> Bool {
        ask(shouldBeginEditing, field, (), else: true) { $0.textFieldShouldBeginEditing?(field) }
    }

    func textFieldDidBeginEditing(_ field: UITextField) {
        forwarding.forward { $0.textFieldDidBeginEditing?(field) }; didBeginEditing.send(field, ())
    }

    func textFieldShouldEndEditing(_ field: UITextField) -> Bool {
        ask(shouldEndEditing, field, (), else: true) { $0.textFieldShouldEndEditing?(field) }
    }

    /// UIKit calls this in place of `textFieldDidEndEditing(_:)` when the delegate has it; a
    /// forward target with only the older method gets that one.
    func textFieldDidEndEditing(_ field: UITextField, reason: UITextField.DidEndEditingReason) {
        forwarding.forward { $0.forwardDidEndEditing(field, reason) }; didEndEditing.send(field, reason)
    }

    func textField(_ field: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        ask(shouldChangeCharacters, field, TextReplacement(range: range, replacement: string), else: true) {
            $0.textField?(field, shouldChangeCharactersIn: range, replacementString: string)
        }
    }

    func textFieldDidChangeSelection(_ field: UITextField) {
        forwarding.forward { $0.textFieldDidChangeSelection?(field) }; didChangeSelection.send(field, ())
    }

    func textFieldShouldClear(_ field: UITextField) -> Bool {
        ask(shouldClear, field, (), else: true) { $0.textFieldShouldClear?(field) }
    }

    func textFieldShouldReturn(_ field: UITextField) -> Bool {
        ask(shouldReturn, field, (), else: true) { $0.textFieldShouldReturn?(field) }
    }
}

extension UITextFieldDelegate {
    /// `textFieldDidEndEditing(_:reason:)`, or the older `textFieldDidEndEditing(_:)` if that is
    /// all this delegate has (as UIKit would call it).
    fileprivate func forwardDidEndEditing(_ field: UITextField, _ reason: UITextField.DidEndEditingReason) {
        if textFieldDidEndEditing?(field, reason: reason) == nil { textFieldDidEndEditing?(field) }
    }
}
#endif
