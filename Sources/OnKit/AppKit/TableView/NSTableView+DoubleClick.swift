#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit

extension On where Base: NSTableView {
    /// A row (or the empty area) was double-clicked (the table's `doubleAction`):
    /// `table.on.doubleClick { table in open(table.clickedRow) }`.
    ///
    /// ```swift
    /// tableView.on.doubleClick(owner: self) { controller, table in
    ///     controller.open(row: table.clickedRow)
    /// }
    /// ```
    ///
    /// A table sends its `action` and its `doubleAction` to one target, so OnKit's target serves
    /// both (`on.action` is the single click): the target, `action` and `doubleAction` the app set
    /// keep working, each called before the handlers (see `on.action`). A table with a
    /// `doubleAction` does not start editing a cell on a double click: use `editColumn(_:row:with:select:)`.
    @MainActor public var doubleClick: ReadOnlyEvent<Base, Void> {
        slotTarget(doubleClick: true).doubleClick.readOnly.sent(as: Base.self)
    }
}
#endif
