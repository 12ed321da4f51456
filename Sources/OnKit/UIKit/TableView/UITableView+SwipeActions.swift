#if canImport(UIKit) && !os(watchOS)  // UIKit on watchOS has no views, controls or recognizers
import UIKit

// Swipe actions: API_UNAVAILABLE(tvos). Declared on tvOS too, so that tvOS code gets the message
// rather than "has no member"; the proxy's callbacks exist only where UIKit calls them.

@MainActor
extension On where Base: UITableView {
    /// The actions shown when a row is swiped from its leading edge: the first non-`nil`
    /// configuration wins (the table's delegate first, then the handlers); `nil` from everyone
    /// shows UIKit's default (none on the leading edge):
    /// `tableView.on.leadingSwipeActionsConfigurationForRow { indexPath in UISwipeActionsConfiguration(actions: [markRead]) }`.
    @available(tvOS, unavailable, message: "tvOS has no swipe actions; offer the row's actions in its context menu: on.contextMenuConfigurationForRow")
    public var leadingSwipeActionsConfigurationForRow: ReadOnlyDecision<Base, IndexPath, UISwipeActionsConfiguration?> {
        #if os(tvOS)
        .finished  // never called: unavailable in tvOS
        #else
        callback(\.leadingSwipeActionsConfigurationForRow)
        #endif
    }

    /// The actions shown when a row is swiped from its trailing edge: the first non-`nil`
    /// configuration wins (the table's delegate first, then the handlers); `nil` from everyone
    /// shows UIKit's default (Delete, for a row the data source lets the user delete):
    /// `tableView.on.trailingSwipeActionsConfigurationForRow { indexPath in UISwipeActionsConfiguration(actions: [delete]) }`.
    @available(tvOS, unavailable, message: "tvOS has no swipe actions; offer the row's actions in its context menu: on.contextMenuConfigurationForRow")
    public var trailingSwipeActionsConfigurationForRow: ReadOnlyDecision<Base, IndexPath, UISwipeActionsConfiguration?> {
        #if os(tvOS)
        .finished  // never called: unavailable in tvOS
        #else
        callback(\.trailingSwipeActionsConfigurationForRow)
        #endif
    }
}
#endif
