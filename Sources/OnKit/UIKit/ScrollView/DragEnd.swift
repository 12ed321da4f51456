import Foundation

// It names no UIKit type, so it needs no `#if canImport(UIKit)`: it compiles, and is
// type-checked, on every platform, though only UIKit callbacks carry it.

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
