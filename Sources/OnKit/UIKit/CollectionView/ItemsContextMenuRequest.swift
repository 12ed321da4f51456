import Foundation

// It names no UIKit type, so it needs no `#if canImport(UIKit)`: it compiles, and is
// type-checked, on every platform, though only UIKit callbacks carry it.

/// A context menu asked for items (none: the background), at a point in the collection view.
public struct ItemsContextMenuRequest: TwoValues, Sendable {
    /// The items.
    public let indexPaths: [IndexPath]
    /// Where the menu was asked for.
    public let point: CGPoint
    /// `(indexPaths, point)`.
    public var elements: ([IndexPath], CGPoint) { (indexPaths, point) }
}
