#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit

/// `NSTableViewDelegate` as OnKit events and decisions: `table.on.selectionDidChange { table in … }`.
///
/// OnKit installs its proxy as the delegate on the first `on.` call and follows every adapter's
/// rules (<doc:Semantics>, "Delegate adapters"): the table's own delegate is kept, called first,
/// and followed when it is set later (at the next `on.` call); what OnKit does not handle
/// (`tableView(_:viewFor:row:)`, row heights…) goes straight to it. The data source is not
/// touched. An `NSOutlineView` asks its delegate with methods of its own, which go to its own
/// delegate, not to these.
@MainActor
extension On where Base: NSTableView {
    /// The selection changed (by the user or in code):
    /// `table.on.selectionDidChange { table in show(table.selectedRowIndexes) }`.
    public var selectionDidChange: ReadOnlyEvent<Base, Void> { callback(\.selectionDidChange) }

    /// The user is changing the selection (dragging across rows; `selectionDidChange` follows):
    /// `table.on.selectionIsChanging { table in preview(table.selectedRow) }`.
    public var selectionIsChanging: ReadOnlyEvent<Base, Void> { callback(\.selectionIsChanging) }

    /// Asked before the user selects `row`; all must allow (the table's own delegate first,
    /// stopping at the first `false`; `true` with nobody to ask):
    /// `table.on.shouldSelectRow { table, row in !items[row].isSeparator }`.
    public var shouldSelectRow: ReadOnlyDecision<Base, Int, Bool> { callback(\.shouldSelectRow) }

    /// The user clicked a column's header:
    /// `table.on.didClick { table, column in sort(by: column.identifier) }`.
    public var didClick: ReadOnlyEvent<Base, NSTableColumn> { callback(\.didClick) }

    /// The actions a row shows when swiped from an edge: the first non-`nil` list wins (the
    /// table's own delegate first, where an empty list counts as no answer, then the handlers);
    /// none when nobody answers:
    /// `table.on.rowActions { table, row, edge in edge == .trailing ? [delete] : nil }`.
    public var rowActions: ReadOnlyDecision<Base, RowActionsRequest, [NSTableViewRowAction]?> {
        callback(\.rowActions)
    }
}

extension NSTableView: DelegateProxyHost { typealias OnKitDelegateProxy = NSTableViewDelegateProxy }
#endif
