import Foundation

// It names no UIKit type, so it needs no `#if canImport(UIKit)`: it compiles, and is
// type-checked, on every platform, though only UIKit callbacks carry it.

/// A context menu asked for a row, at a point in the table.
public struct RowContextMenuRequest: TwoValues, Sendable {
    /// The row.
    public let indexPath: IndexPath
    /// Where the menu was asked for.
    public let point: CGPoint
    /// `(indexPath, point)`.
    public var elements: (IndexPath, CGPoint) { (indexPath, point) }
}
