#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import OnKitObjC

/// The `NSTableViewDelegate` OnKit installs on a table view (see `DelegateProxy` and
/// `ObjCDelegateProxy`): each method goes to the table's own delegate first, then to OnKit's
/// handlers. Everything else a table asks its delegate (`tableView(_:viewFor:row:)`, heights…)
/// goes straight to that delegate, and the proxy claims it only if that delegate has it, so a
/// view-based table stays view-based.
///
/// - A delegate that implements `tableView(_:selectionIndexesForProposedSelection:)` is asked
///   that *instead of* `tableView(_:shouldSelectRow:)` (NSTableView.h): the proxy then claims it,
///   forwards it, and keeps of the rows that delegate picked those `shouldSelectRow`'s handlers
///   allow, so the handlers are asked either way.
/// - An `NSOutlineView` asks with selectors of its own (`outlineView(_:shouldSelectItem:)`…): the
///   proxy implements them too, with the item's row (`row(forItem:)`), so the four table
///   callbacks fire on an outline view as on a table, and the outline's own delegate is asked
///   with its outline selectors first.
@MainActor final class NSTableViewDelegateProxy: ObjCDelegateProxy, NSTableViewDelegate, NSOutlineViewDelegate, DelegateProxy {
    nonisolated static let key = AssociationKey("NSTableView.delegateProxy", default: NSTableViewDelegateProxy())
    nonisolated let forwarding = DelegateForwarding<any NSTableViewDelegate>(objectiveC: .weak)
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
        case #selector(outlineViewSelectionDidChange(_:)): selectionDidChange
        case #selector(outlineViewSelectionIsChanging(_:)): selectionIsChanging
        case #selector(outlineView(_:shouldSelectItem:)): shouldSelectRow
        case #selector(outlineView(_:didClick:)): didClick
        case #selector(tableView(_:rowActionsForRow:edge:)): rowActions
        default: nil
        }
    }

    /// Claimed only when the table's own delegate has it: AppKit asks it instead of
    /// `tableView(_:shouldSelectRow:)`, which the handlers answer otherwise.
    private nonisolated static let pickers: Set<Selector> = [
        #selector(tableView(_:selectionIndexesForProposedSelection:)),
        #selector(outlineView(_:selectionIndexesForProposedSelection:)),
    ]

    nonisolated override func responds(to selector: Selector!) -> Bool {
        guard let selector, Self.pickers.contains(selector) else { return super.responds(to: selector) }
        return forwardTargetResponds(to: selector)
    }

    /// The forward target as an outline view's delegate, as it is (`objCProtocolView`).
    private func outline(_ target: any NSTableViewDelegate) -> (any NSOutlineViewDelegate)? {
        objCProtocolView(of: target as AnyObject, as: (any NSOutlineViewDelegate).self)
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
        forwarding.forward { $0.tableView?(table, didClick: column) }; didClick.send(table, column)
    }

    func tableView(_ table: NSTableView, selectionIndexesForProposedSelection proposed: IndexSet) -> IndexSet {
        let picked = forwarding.answer { $0.tableView?(table, selectionIndexesForProposedSelection: proposed) } ?? proposed
        return allowed(picked, in: table)
    }

    // The same four callbacks, asked with an outline view's selectors.

    func outlineViewSelectionDidChange(_ note: Notification) {
        send(selectionDidChange, note) { outline($0)?.outlineViewSelectionDidChange?(note) }
    }

    func outlineViewSelectionIsChanging(_ note: Notification) {
        send(selectionIsChanging, note) { outline($0)?.outlineViewSelectionIsChanging?(note) }
    }

    func outlineView(_ outline: NSOutlineView, shouldSelectItem item: Any) -> Bool {
        ask(shouldSelectRow, outline, outline.row(forItem: item), else: true) {
            self.outline($0)?.outlineView?(outline, shouldSelectItem: item)
        }
    }

    func outlineView(_ outline: NSOutlineView, didClick column: NSTableColumn) {
        forwarding.forward { self.outline($0)?.outlineView?(outline, didClick: column) }; didClick.send(outline, column)
    }

    func outlineView(_ outline: NSOutlineView, selectionIndexesForProposedSelection proposed: IndexSet) -> IndexSet {
        let picked = forwarding.answer { self.outline($0)?.outlineView?(outline, selectionIndexesForProposedSelection: proposed) } ?? proposed
        return allowed(picked, in: outline)
    }

    /// The rows of `picked` that `shouldSelectRow`'s handlers allow (the delegate that picked
    /// them was asked instead of its own `shouldSelectRow`).
    private func allowed(_ picked: IndexSet, in table: NSTableView) -> IndexSet {
        picked.filteredIndexSet { shouldSelectRow.answer(table, $0, after: nil) ?? true }
    }
}
#endif
