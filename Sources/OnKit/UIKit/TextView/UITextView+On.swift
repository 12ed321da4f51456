#if canImport(UIKit) && !os(watchOS)  // UIKit on watchOS has no views, controls or recognizers
import UIKit

/// `UITextViewDelegate` as OnKit events and decisions: `textView.on.didChange { textView in … }`.
/// A text view is a scroll view: `on.didScroll` and the other `UIScrollView` callbacks work on it
/// too, through the same proxy.
///
/// OnKit installs its proxy as the delegate on the first `on.` call and follows every adapter's
/// rules (<doc:Semantics>, "Delegate adapters"). Every decision is `true` only if all say `true`,
/// stopping at the first `false`; `true` with nobody to ask.
@MainActor
extension On where Base: UITextView {
    /// Asked before editing starts; all must allow: `textView.on.shouldBeginEditing { textView in textView.isEditable }`.
    public var shouldBeginEditing: ReadOnlyDecision<Base, Void, Bool> { callback(\.shouldBeginEditing) }

    /// Editing started: `textView.on.didBeginEditing { textView in textView.backgroundColor = .systemYellow }`.
    public var didBeginEditing: ReadOnlyEvent<Base, Void> { callback(\.didBeginEditing) }

    /// Asked before editing ends; all must allow: `textView.on.shouldEndEditing { textView in !textView.text.isEmpty }`.
    public var shouldEndEditing: ReadOnlyDecision<Base, Void, Bool> { callback(\.shouldEndEditing) }

    /// Editing ended: `textView.on.didEndEditing { textView in save(textView.text) }`.
    public var didEndEditing: ReadOnlyEvent<Base, Void> { callback(\.didEndEditing) }

    /// Asked before the text in `range` is replaced with `replacement`; all must allow:
    /// `textView.on.shouldChangeText { textView, change in textView.text.count + change.replacement.count <= 280 }`.
    public var shouldChangeText: ReadOnlyDecision<Base, TextReplacement, Bool> {
        callback(\.shouldChangeText)
    }

    /// The user changed the text: `textView.on.didChange { textView in counter.text = "\(textView.text.count)" }`.
    /// To refuse a change, use `on.shouldChangeText`, asked before it (a handler here that
    /// returns a `Bool` gets a warning that says so).
    public var didChange: EventAfterDecision<Base, Void, DecisionTwin.ShouldChangeText> { EventAfterDecision(callback(\.didChange)) }

    /// The selection changed: `textView.on.didChangeSelection { textView in print(textView.selectedRange) }`.
    public var didChangeSelection: ReadOnlyEvent<Base, Void> { callback(\.didChangeSelection) }
}
#endif
