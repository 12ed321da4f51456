#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import OnKit

/// Table views on the Mac: issue 24's row actions (the table's delegate first, where an empty
/// list is no answer, then the handlers; the first non-`nil` wins).
enum MacTableViewScenarios {
    static let all: [Scenario] = [
        Scenario("24.4", "row actions: the table's delegate first, then the handlers; an empty list is no answer") {
            let table = NSTableView()
            let delegate = RowActionsDelegate()
            table.delegate = delegate
            let archive = NSTableViewRowAction(style: .regular, title: "Archive") { _, _ in }
            table.on.rowActions { _, _, _ in [archive] }
            let first = table.delegate?.tableView?(table, rowActionsForRow: 0, edge: .trailing) ?? []
            try expect(first.map(\.title) == ["Delete"], "row 0: the delegate's actions (\(first.map(\.title)))")
            let second = table.delegate?.tableView?(table, rowActionsForRow: 1, edge: .trailing) ?? []
            try expect(second.map(\.title) == ["Archive"], "row 1: the handler's actions (\(second.map(\.title)))")
        },
    ]
}

/// A delegate with a Delete action on row 0 and an empty list elsewhere.
private final class RowActionsDelegate: NSObject, NSTableViewDelegate {
    func tableView(_ table: NSTableView, rowActionsForRow row: Int, edge: NSTableView.RowActionEdge) -> [NSTableViewRowAction] {
        row == 0 ? [NSTableViewRowAction(style: .destructive, title: "Delete") { _, _ in }] : []
    }
}
#endif
