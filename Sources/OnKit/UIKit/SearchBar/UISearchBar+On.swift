#if canImport(UIKit) && !os(watchOS)  // UIKit on watchOS has no views, controls or recognizers
import UIKit

/// `UISearchBarDelegate` as OnKit events and decisions: `searchBar.on.textDidChange { bar, text in … }`.
///
/// OnKit installs its proxy as the delegate on the first `on.` call and follows every adapter's
/// rules (<doc:Semantics>, "Delegate adapters"). Every decision is `true` only if all say `true`,
/// stopping at the first `false`; `true` with nobody to ask.
@MainActor
extension On where Base: UISearchBar {
    /// Asked before the bar starts editing; all must allow: `searchBar.on.shouldBeginEditing { bar in !isLoading }`.
    public var shouldBeginEditing: ReadOnlyDecision<Base, Void, Bool> { callback(\.shouldBeginEditing) }

    /// Editing started: `searchBar.on.didBeginEditing { bar in bar.setShowsCancelButton(true, animated: true) }`.
    public var didBeginEditing: ReadOnlyEvent<Base, Void> { callback(\.didBeginEditing) }

    /// Asked before the bar stops editing; all must allow: `searchBar.on.shouldEndEditing { bar in true }`.
    public var shouldEndEditing: ReadOnlyDecision<Base, Void, Bool> { callback(\.shouldEndEditing) }

    /// Editing ended: `searchBar.on.didEndEditing { bar in bar.setShowsCancelButton(false, animated: true) }`.
    public var didEndEditing: ReadOnlyEvent<Base, Void> { callback(\.didEndEditing) }

    /// The text changed (clearing included), with the new text: `searchBar.on.textDidChange { text in filter(text) }`.
    /// To refuse a change, use `on.shouldChangeText`, asked before it (a handler here that
    /// returns a `Bool` gets a warning that says so).
    public var textDidChange: EventAfterDecision<Base, String, DecisionTwin.ShouldChangeText> {
        EventAfterDecision(callback(\.textDidChange))
    }

    /// Asked before the text in `range` is replaced with `replacement`; all must allow:
    /// `searchBar.on.shouldChangeText { change in change.replacement != "\n" }`.
    public var shouldChangeText: ReadOnlyDecision<Base, TextReplacement, Bool> {
        callback(\.shouldChangeText)
    }

    /// The keyboard's Search button: `searchBar.on.searchButtonClicked { bar in bar.resignFirstResponder() }`.
    public var searchButtonClicked: ReadOnlyEvent<Base, Void> { callback(\.searchButtonClicked) }

    // The bar's buttons: API_UNAVAILABLE(tvos). Declared everywhere, so that tvOS code gets the
    // message rather than "has no member"; the proxy's callbacks exist only where UIKit calls them.

    /// The bookmark button: `searchBar.on.bookmarkButtonClicked { bar in showBookmarks() }`.
    @available(tvOS, unavailable, message: "a tvOS search bar has no bookmark button; add a UIButton beside it and use its on.tap")
    public var bookmarkButtonClicked: ReadOnlyEvent<Base, Void> {
        #if os(tvOS)
        .finished  // never called: unavailable in tvOS
        #else
        callback(\.bookmarkButtonClicked)
        #endif
    }

    /// The Cancel button: `searchBar.on.cancelButtonClicked { bar in bar.text = "" }`.
    @available(tvOS, unavailable, message: "a tvOS search bar has no Cancel button; leaving the search ends editing: on.didEndEditing")
    public var cancelButtonClicked: ReadOnlyEvent<Base, Void> {
        #if os(tvOS)
        .finished  // never called: unavailable in tvOS
        #else
        callback(\.cancelButtonClicked)
        #endif
    }

    /// The selected scope button changed, with its index: `searchBar.on.selectedScopeDidChange { scope in filter(scope: scope) }`.
    public var selectedScopeDidChange: ReadOnlyEvent<Base, Int> { callback(\.selectedScopeDidChange) }
}
#endif
