#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit

extension NSTableViewDelegateProxy {
    /// The row's actions for an edge (a swipe on a trackpad): the table's own delegate first (an
    /// empty list from it is no answer, so the handlers may still offer actions), then the
    /// handlers, the first non-`nil` list wins; none when nobody answers, as without a delegate.
    func tableView(_ table: NSTableView, rowActionsForRow row: Int, edge: NSTableView.RowActionEdge) -> [NSTableViewRowAction] {
        let request = RowActionsRequest(row: row, edge: edge)
        return ask(rowActions, table, request, else: nil) { delegate in
            let actions = delegate.tableView?(table, rowActionsForRow: row, edge: edge)
            return actions?.isEmpty == false ? actions : nil
        } ?? []
    }
}
#endif
