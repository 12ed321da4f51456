#if canImport(UIKit) && (os(iOS) || os(visionOS))  // swipe actions: API_UNAVAILABLE(tvos, watchos)
import UIKit

@MainActor
extension On where Base: UITableView {
    /// The actions shown when a row is swiped from its leading edge: the first non-`nil`
    /// configuration wins (the table's delegate first, then the handlers); `nil` from everyone
    /// shows UIKit's default (none on the leading edge):
    /// `tableView.on.leadingSwipeActionsConfigurationForRow { indexPath in UISwipeActionsConfiguration(actions: [markRead]) }`.
    public var leadingSwipeActionsConfigurationForRow: ReadOnlyDecision<
        Base, IndexPath, UISwipeActionsConfiguration?
    > { callback(\.leadingSwipeActionsConfigurationForRow) }

    /// The actions shown when a row is swiped from its trailing edge: the first non-`nil`
    /// configuration wins (the table's delegate first, then the handlers); `nil` from everyone
    /// shows UIKit's default (Delete, for a row the data source lets the user delete):
    /// `tableView.on.trailingSwipeActionsConfigurationForRow { indexPath in UISwipeActionsConfiguration(actions: [delete]) }`.
    public var trailingSwipeActionsConfigurationForRow: ReadOnlyDecision<
        Base, IndexPath, UISwipeActionsConfiguration?
    > { callback(\.trailingSwipeActionsConfigurationForRow) }
}
#endif
