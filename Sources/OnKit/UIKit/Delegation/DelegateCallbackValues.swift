#if canImport(UIKit)
import UIKit

// What the UIKit callbacks with several values carry: a struct each, keeping the names the
// delegate method gives them, with the flat form's order in `elements` (see `TwoValues`).

/// A proposed text change: `field.on.shouldChangeCharacters { field, range, string in … }`, or
/// `{ change in change.replacement.allSatisfy(\.isNumber) }`.
public struct TextReplacement: TwoValues, Sendable {
    /// The range of the current text to replace.
    public let range: NSRange
    /// What replaces it (`""` for a deletion).
    public let replacement: String
    /// `(range, replacement)`.
    public var elements: (NSRange, String) { (range, replacement) }
}

/// A cell about to be shown or just hidden: `tableView.on.willDisplayCell { tableView, cell, indexPath in … }`.
public struct CellDisplay<Cell: UIView>: TwoValues, Sendable {
    /// The cell.
    public let cell: Cell
    /// Where it is.
    public let indexPath: IndexPath
    /// `(cell, indexPath)`.
    public var elements: (Cell, IndexPath) { (cell, indexPath) }
}

/// A view controller a navigation controller shows: `nav.on.willShow { nav, controller, animated in … }`.
public struct NavigationShow: TwoValues, Sendable {
    /// The view controller shown.
    public let viewController: UIViewController
    /// Whether the transition is animated.
    public let animated: Bool
    /// `(viewController, animated)`.
    public var elements: (UIViewController, Bool) { (viewController, animated) }
}

/// The end of a drag: the velocity at release, and the offset where scrolling will stop, which
/// handlers may change (``Adjustable``).
public struct DragEnd: TwoValues {
    /// The velocity at release, in points per millisecond.
    public let velocity: CGPoint
    /// Where the scrolling will stop; change `value` to move it.
    public let targetContentOffset: Adjustable<CGPoint>
    /// `(velocity, targetContentOffset)`.
    public var elements: (CGPoint, Adjustable<CGPoint>) { (velocity, targetContentOffset) }
}

/// A context menu asked for a row, at a point in the table.
public struct RowContextMenuRequest: TwoValues, Sendable {
    /// The row.
    public let indexPath: IndexPath
    /// Where the menu was asked for.
    public let point: CGPoint
    /// `(indexPath, point)`.
    public var elements: (IndexPath, CGPoint) { (indexPath, point) }
}

/// A context menu asked for items (none: the background), at a point in the collection view.
public struct ItemsContextMenuRequest: TwoValues, Sendable {
    /// The items.
    public let indexPaths: [IndexPath]
    /// Where the menu was asked for.
    public let point: CGPoint
    /// `(indexPaths, point)`.
    public var elements: ([IndexPath], CGPoint) { (indexPaths, point) }
}
#endif
