#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import OnKit

// NSTableView's row actions, as the `///` example of NSTableView+On.swift shows them.

@MainActor final class RowActionsScreen {
    let table = NSTableView()

    func wire() {
        let delete = NSTableViewRowAction(style: .destructive, title: "Delete") { _, _ in }
        table.on.rowActions { table, row, edge in edge == .trailing ? [delete] : nil }
        table.on.rowActions { table, request in request.row == 0 ? [] : nil }
    }
}
#endif
