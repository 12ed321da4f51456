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
    public var textDidChange: ReadOnlyEvent<Base, String> { callback(\.textDidChange) }

    /// Asked before the text in `range` is replaced with `replacement`; all must allow:
    /// `searchBar.on.shouldChangeText { change in change.replacement != "\n" }`.
    public var shouldChangeText: ReadOnlyDecision<Base, TextReplacement, Bool> {
        callback(\.shouldChangeText)
    }

    /// The keyboard's Search button: `searchBar.on.searchButtonClicked { bar in bar.resignFirstResponder() }`.
    public var searchButtonClicked: ReadOnlyEvent<Base, Void> { callback(\.searchButtonClicked) }

    #if os(iOS) || os(visionOS)  // API_UNAVAILABLE(tvos)
    /// The bookmark button: `searchBar.on.bookmarkButtonClicked { bar in showBookmarks() }`.
    public var bookmarkButtonClicked: ReadOnlyEvent<Base, Void> { callback(\.bookmarkButtonClicked) }

    /// The Cancel button: `searchBar.on.cancelButtonClicked { bar in bar.text = "" }`.
    public var cancelButtonClicked: ReadOnlyEvent<Base, Void> { callback(\.cancelButtonClicked) }
    #endif

    /// The selected scope button changed, with its index: `searchBar.on.selectedScopeDidChange { scope in filter(scope: scope) }`.
    public var selectedScopeDidChange: ReadOnlyEvent<Base, Int> { callback(\.selectedScopeDidChange) }
}
#endif
