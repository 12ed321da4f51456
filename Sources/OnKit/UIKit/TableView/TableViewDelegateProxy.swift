#if canImport(UIKit) && !os(watchOS)  // UIKit on watchOS has no views, controls or recognizers
import UIKit

/// The `UITableViewDelegate` OnKit installs on a table view; its scroll view callbacks come from
/// `ScrollViewDelegateProxyBase`. Each method goes to the table's own delegate first, then to the
/// handlers.
@MainActor final class TableViewDelegateProxy: ScrollViewDelegateProxyBase, UITableViewDelegate, DelegateProxy {
    typealias Display = CellDisplay<UITableViewCell>
    typealias MenuRequest = RowContextMenuRequest

    nonisolated static let key = AssociationKey("UITableView.delegateProxy", default: TableViewDelegateProxy())
    nonisolated let forwarding = DelegateForwarding<any UITableViewDelegate>(objectiveC: .weak)
    nonisolated var asDelegate: any UITableViewDelegate { self }

    nonisolated let didSelectRow = Event<UITableView, IndexPath>()
    nonisolated let didDeselectRow = Event<UITableView, IndexPath>()
    nonisolated let willDisplayCell = Event<UITableView, Display>()
    nonisolated let didEndDisplayingCell = Event<UITableView, Display>()
    nonisolated let shouldHighlightRow = Decision<UITableView, IndexPath, Bool>.all()
    nonisolated let shouldSelectRow = Decision<UITableView, IndexPath, Bool>.all()
    nonisolated let contextMenuConfigurationForRow = Decision<UITableView, MenuRequest, UIContextMenuConfiguration?>
        .firstNonNil()
    #if os(iOS) || os(visionOS)  // swipe actions: API_UNAVAILABLE(tvos); see TableViewDelegateProxy+SwipeActions.swift
    nonisolated let leadingSwipeActionsConfigurationForRow = Decision<UITableView, IndexPath, UISwipeActionsConfiguration?>
        .firstNonNil()
    nonisolated let trailingSwipeActionsConfigurationForRow = Decision<UITableView, IndexPath, UISwipeActionsConfiguration?>
        .firstNonNil()
    #endif

    nonisolated override func callback(for selector: Selector) -> (any Subscribable)? {
        switch selector {
        case #selector(tableView(_:didSelectRowAt:)): didSelectRow
        case #selector(tableView(_:didDeselectRowAt:)): didDeselectRow
        case #selector(tableView(_:willDisplay:forRowAt:)): willDisplayCell
        case #selector(tableView(_:didEndDisplaying:forRowAt:)): didEndDisplayingCell
        case #selector(tableView(_:shouldHighlightRowAt:)): shouldHighlightRow
        case #selector(tableView(_:willSelectRowAt:)): shouldSelectRow
        case #selector(tableView(_:contextMenuConfigurationForRowAt:point:)): contextMenuConfigurationForRow
        default: swipeActionsCallback(for: selector) ?? super.callback(for: selector)
        }
    }

    func tableView(_ table: UITableView, didSelectRowAt indexPath: IndexPath) {
        forwarding.forward { $0.tableView?(table, didSelectRowAt: indexPath) }; didSelectRow.send(table, indexPath)
    }

    func tableView(_ table: UITableView, didDeselectRowAt indexPath: IndexPath) {
        forwarding.forward { $0.tableView?(table, didDeselectRowAt: indexPath) }; didDeselectRow.send(table, indexPath)
    }

    func tableView(_ table: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        forwarding.forward { $0.tableView?(table, willDisplay: cell, forRowAt: indexPath) }
        willDisplayCell.send(table, Display(cell: cell, indexPath: indexPath))
    }

    func tableView(_ table: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        forwarding.forward { $0.tableView?(table, didEndDisplaying: cell, forRowAt: indexPath) }
        didEndDisplayingCell.send(table, Display(cell: cell, indexPath: indexPath))
    }

    func tableView(_ table: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool {
        ask(shouldHighlightRow, table, indexPath, else: true) { $0.tableView?(table, shouldHighlightRowAt: indexPath) }
    }

    /// UIKit's "should select" is `willSelectRowAt`, which answers the row to select (or `nil`).
    /// The table's own delegate answers first and may pick another row or refuse; the handlers
    /// then decide on the row it picked, and all must allow.
    func tableView(_ table: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
        let picked = forwarding.forward { $0.forwardWillSelectRow(table, indexPath) } ?? indexPath
        return picked.flatMap { shouldSelectRow.answer(table, $0, after: nil) ?? true ? $0 : nil }
    }

    func tableView(
        _ table: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath, point: CGPoint
    ) -> UIContextMenuConfiguration? {
        ask(contextMenuConfigurationForRow, table, RowContextMenuRequest(indexPath: indexPath, point: point), else: nil) {
            $0.tableView?(table, contextMenuConfigurationForRowAt: indexPath, point: point)
        }
    }
}

extension UITableViewDelegate {
    /// The row this delegate picks for selection: its `willSelectRowAt` answer, or `indexPath`
    /// if it has no such method (optional chaining alone would not tell "no method" from `nil`).
    fileprivate func forwardWillSelectRow(_ table: UITableView, _ indexPath: IndexPath) -> IndexPath? {
        guard responds(to: #selector(TableViewDelegateProxy.tableView(_:willSelectRowAt:))) else { return indexPath }
        return tableView?(table, willSelectRowAt: indexPath) ?? nil
    }
}
#endif
