#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit

/// Row actions asked for a row, at one of its edges (`NSTableView`'s
/// `tableView(_:rowActionsForRow:edge:)`).
public struct RowActionsRequest: TwoValues, Sendable {
    /// The row.
    public let row: Int
    /// The edge the row is swiped from: `.leading` or `.trailing`.
    public let edge: NSTableView.RowActionEdge
    /// `(row, edge)`.
    public var elements: (Int, NSTableView.RowActionEdge) { (row, edge) }
}
#endif
