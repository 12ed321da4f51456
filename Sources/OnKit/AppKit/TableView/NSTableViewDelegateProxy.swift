#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit

/// The `NSTableViewDelegate` OnKit installs on a table view (see `DelegateProxy` and
/// `ObjCDelegateProxy`): each method goes to the table's own delegate first, then to OnKit's
/// handlers. Everything else a table asks its delegate (`tableView(_:viewFor:row:)`, heights…)
/// goes straight to that delegate, and the proxy claims it only if that delegate has it, so a
/// view-based table stays view-based.
@MainActor final class NSTableViewDelegateProxy: ObjCDelegateProxy, NSTableViewDelegate, DelegateProxy {
    nonisolated static let key = AssociationKey("NSTableView.delegateProxy", default: NSTableViewDelegateProxy())
    nonisolated let forwarding = DelegateForwarding<any NSTableViewDelegate>(ownership: .weak)
    nonisolated var asDelegate: any NSTableViewDelegate { self }

    nonisolated let selectionDidChange = Notice<NSTableView>()
    nonisolated let selectionIsChanging = Notice<NSTableView>()
    nonisolated let shouldSelectRow = Decision<NSTableView, Int, Bool>.all()
    nonisolated let didClick = Event<NSTableView, NSTableColumn>()
    nonisolated let rowActions = Decision<NSTableView, RowActionsRequest, [NSTableViewRowAction]?>.firstNonNil()

    nonisolated override func callback(for selector: Selector) -> (any Subscribable)? {
        switch selector {
        case #selector(tableViewSelectionDidChange(_:)): selectionDidChange
        case #selector(tableViewSelectionIsChanging(_:)): selectionIsChanging
        case #selector(tableView(_:shouldSelectRow:)): shouldSelectRow
        case #selector(tableView(_:didClick:)): didClick
        case #selector(tableView(_:rowActionsForRow:edge:)): rowActions
        default: nil
        }
    }

    // One line per method: the table's own delegate, then the handlers.

    func tableViewSelectionDidChange(_ note: Notification) {
        send(selectionDidChange, note) { $0.tableViewSelectionDidChange?(note) }
    }

    func tableViewSelectionIsChanging(_ note: Notification) {
        send(selectionIsChanging, note) { $0.tableViewSelectionIsChanging?(note) }
    }

    func tableView(_ table: NSTableView, shouldSelectRow row: Int) -> Bool {
        ask(shouldSelectRow, table, row, else: true) { $0.tableView?(table, shouldSelectRow: row) }
    }

    func tableView(_ table: NSTableView, didClick column: NSTableColumn) {
        forwarding.target?.tableView?(table, didClick: column); didClick.send(table, column)
    }
}
#endif
