#if canImport(UIKit) && !os(watchOS)  // UIKit on watchOS has no views, controls or recognizers
import UIKit

/// The `UISearchBarDelegate` OnKit installs on a search bar: each method goes to the bar's own
/// delegate first, then to the handlers; every decision is `Decision.all()`, `true` with nobody
/// to ask.
@MainActor final class SearchBarDelegateProxy: ObjCDelegateProxy, UISearchBarDelegate, DelegateProxy {
    nonisolated static let key = AssociationKey("UISearchBar.delegateProxy", default: SearchBarDelegateProxy())
    nonisolated let forwarding = DelegateForwarding<any UISearchBarDelegate>(objectiveC: .weak)
    nonisolated var asDelegate: any UISearchBarDelegate { self }

    nonisolated let shouldBeginEditing = Decision<UISearchBar, Void, Bool>.all()
    nonisolated let didBeginEditing = Event<UISearchBar, Void>()
    nonisolated let shouldEndEditing = Decision<UISearchBar, Void, Bool>.all()
    nonisolated let didEndEditing = Event<UISearchBar, Void>()
    nonisolated let textDidChange = Event<UISearchBar, String>()
    nonisolated let shouldChangeText = Decision<UISearchBar, TextReplacement, Bool>.all()
    nonisolated let searchButtonClicked = Event<UISearchBar, Void>()
    #if os(iOS) || os(visionOS)  // API_UNAVAILABLE(tvos)
    nonisolated let bookmarkButtonClicked = Event<UISearchBar, Void>()
    nonisolated let cancelButtonClicked = Event<UISearchBar, Void>()
    #endif
    nonisolated let selectedScopeDidChange = Event<UISearchBar, Int>()

    nonisolated override func callback(for selector: Selector) -> (any Subscribable)? {
        switch selector {
        case #selector(searchBarShouldBeginEditing(_:)): shouldBeginEditing
        case #selector(searchBarTextDidBeginEditing(_:)): didBeginEditing
        case #selector(searchBarShouldEndEditing(_:)): shouldEndEditing
        case #selector(searchBarTextDidEndEditing(_:)): didEndEditing
        case #selector(searchBar(_:textDidChange:)): textDidChange
        case #selector(searchBar(_:shouldChangeTextIn:replacementText:)): shouldChangeText
        case #selector(searchBarSearchButtonClicked(_:)): searchButtonClicked
        #if os(iOS) || os(visionOS)  // API_UNAVAILABLE(tvos)
        case #selector(searchBarBookmarkButtonClicked(_:)): bookmarkButtonClicked
        case #selector(searchBarCancelButtonClicked(_:)): cancelButtonClicked
        #endif
        case #selector(searchBar(_:selectedScopeButtonIndexDidChange:)): selectedScopeDidChange
        default: nil
        }
    }

    func searchBarShouldBeginEditing(_ bar: UISearchBar) -> Bool {
        ask(shouldBeginEditing, bar, (), else: true) { $0.searchBarShouldBeginEditing?(bar) }
    }

    func searchBarTextDidBeginEditing(_ bar: UISearchBar) {
        forwarding.forward { $0.searchBarTextDidBeginEditing?(bar) }; didBeginEditing.send(bar, ())
    }

    func searchBarShouldEndEditing(_ bar: UISearchBar) -> Bool {
        ask(shouldEndEditing, bar, (), else: true) { $0.searchBarShouldEndEditing?(bar) }
    }

    func searchBarTextDidEndEditing(_ bar: UISearchBar) {
        forwarding.forward { $0.searchBarTextDidEndEditing?(bar) }; didEndEditing.send(bar, ())
    }

    func searchBar(_ bar: UISearchBar, textDidChange text: String) {
        forwarding.forward { $0.searchBar?(bar, textDidChange: text) }; textDidChange.send(bar, text)
    }

    func searchBar(_ bar: UISearchBar, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
        ask(shouldChangeText, bar, TextReplacement(range: range, replacement: text), else: true) {
            $0.searchBar?(bar, shouldChangeTextIn: range, replacementText: text)
        }
    }

    func searchBarSearchButtonClicked(_ bar: UISearchBar) {
        forwarding.forward { $0.searchBarSearchButtonClicked?(bar) }; searchButtonClicked.send(bar, ())
    }

    #if os(iOS) || os(visionOS)  // API_UNAVAILABLE(tvos)
    func searchBarBookmarkButtonClicked(_ bar: UISearchBar) {
        forwarding.forward { $0.searchBarBookmarkButtonClicked?(bar) }; bookmarkButtonClicked.send(bar, ())
    }

    func searchBarCancelButtonClicked(_ bar: UISearchBar) {
        forwarding.forward { $0.searchBarCancelButtonClicked?(bar) }; cancelButtonClicked.send(bar, ())
    }
    #endif

    func searchBar(_ bar: UISearchBar, selectedScopeButtonIndexDidChange selectedScope: Int) {
        forwarding.forward { $0.searchBar?(bar, selectedScopeButtonIndexDidChange: selectedScope) }
        selectedScopeDidChange.send(bar, selectedScope)
    }
}
#endif
