#if canImport(UIKit) && !os(watchOS)  // UIKit on watchOS has no views, controls or recognizers
import UIKit

// The table's swipe actions, answered as the context menu is: the table's own delegate first,
// then the handlers, the first non-`nil` configuration wins; `nil` from everyone lets UIKit use
// its default (the delete action of an editable row). tvOS has no swipe actions.
extension TableViewDelegateProxy {
    /// The swipe-action decision for `selector`, if it is one.
    nonisolated func swipeActionsCallback(for selector: Selector) -> (any Subscribable)? {
        #if os(iOS) || os(visionOS)
        switch selector {
        case #selector(tableView(_:leadingSwipeActionsConfigurationForRowAt:)): leadingSwipeActionsConfigurationForRow
        case #selector(tableView(_:trailingSwipeActionsConfigurationForRowAt:)): trailingSwipeActionsConfigurationForRow
        default: nil
        }
        #else
        nil
        #endif
    }

    #if os(iOS) || os(visionOS)
    func tableView(
        _ table: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> UISwipeActionsConfiguration? {
        ask(leadingSwipeActionsConfigurationForRow, table, indexPath, else: nil) {
            $0.tableView?(table, leadingSwipeActionsConfigurationForRowAt: indexPath)
        }
    }

    func tableView(
        _ table: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> UISwipeActionsConfiguration? {
        ask(trailingSwipeActionsConfigurationForRow, table, indexPath, else: nil) {
            $0.tableView?(table, trailingSwipeActionsConfigurationForRowAt: indexPath)
        }
    }
    #endif
}
#endif
