#if canImport(UIKit)
import UIKit

/// A cell about to be shown or just hidden: `tableView.on.willDisplayCell { tableView, cell, indexPath in … }`.
public struct CellDisplay<Cell: UIView>: TwoValues, Sendable {
    /// The cell.
    public let cell: Cell
    /// Where it is.
    public let indexPath: IndexPath
    /// `(cell, indexPath)`.
    public var elements: (Cell, IndexPath) { (cell, indexPath) }
}
#endif
