#if canImport(UIKit) && !os(watchOS)  // UIKit on watchOS has no views, controls or recognizers
import UIKit

/// The `UITextViewDelegate` OnKit installs on a text view; its scroll view callbacks come from
/// `ScrollViewDelegateProxyBase`. Each method goes to the view's own delegate first, then to the
/// handlers; every decision is `Decision.all()`, `true` with nobody to ask.
@MainActor final class TextViewDelegateProxy: ScrollViewDelegateProxyBase, UITextViewDelegate, DelegateProxy {
    nonisolated static let key = AssociationKey("UITextView.delegateProxy", default: TextViewDelegateProxy())
    nonisolated let forwarding = DelegateForwarding<any UITextViewDelegate>(objectiveC: .weak)
    nonisolated var asDelegate: any UITextViewDelegate { self }

    nonisolated let shouldBeginEditing = Decision<UITextView, Void, Bool>.all()
    nonisolated let didBeginEditing = Event<UITextView, Void>()
    nonisolated let shouldEndEditing = Decision<UITextView, Void, Bool>.all()
    nonisolated let didEndEditing = Event<UITextView, Void>()
    nonisolated let shouldChangeText = Decision<UITextView, TextReplacement, Bool>.all()
    nonisolated let didChange = Event<UITextView, Void>()
    nonisolated let didChangeSelection = Event<UITextView, Void>()

    nonisolated override func callback(for selector: Selector) -> (any Subscribable)? {
        switch selector {
        case #selector(textViewShouldBeginEditing(_:)): shouldBeginEditing
        case #selector(textViewDidBeginEditing(_:)): didBeginEditing
        case #selector(textViewShouldEndEditing(_:)): shouldEndEditing
        case #selector(textViewDidEndEditing(_:)): didEndEditing
        case #selector(textView(_:shouldChangeTextIn:replacementText:)): shouldChangeText
        case #selector(textViewDidChange(_:)): didChange
        case #selector(textViewDidChangeSelection(_:)): didChangeSelection
        default: super.callback(for: selector)
        }
    }

    func textViewShouldBeginEditing(_ view: UITextView) -> Bool {
        ask(shouldBeginEditing, view, (), else: true) { $0.textViewShouldBeginEditing?(view) }
    }

    func textViewDidBeginEditing(_ view: UITextView) {
        forwarding.forward { $0.textViewDidBeginEditing?(view) }; didBeginEditing.send(view, ())
    }

    func textViewShouldEndEditing(_ view: UITextView) -> Bool {
        ask(shouldEndEditing, view, (), else: true) { $0.textViewShouldEndEditing?(view) }
    }

    func textViewDidEndEditing(_ view: UITextView) {
        forwarding.forward { $0.textViewDidEndEditing?(view) }; didEndEditing.send(view, ())
    }

    func textView(_ view: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
        ask(shouldChangeText, view, TextReplacement(range: range, replacement: text), else: true) {
            $0.textView?(view, shouldChangeTextIn: range, replacementText: text)
        }
    }

    func textViewDidChange(_ view: UITextView) {
        forwarding.forward { $0.textViewDidChange?(view) }; didChange.send(view, ())
    }

    func textViewDidChangeSelection(_ view: UITextView) {
        forwarding.forward { $0.textViewDidChangeSelection?(view) }; didChangeSelection.send(view, ())
    }
}
#endif
