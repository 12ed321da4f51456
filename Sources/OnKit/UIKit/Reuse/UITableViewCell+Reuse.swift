#if canImport(UIKit) && !os(watchOS)  // UIKit on watchOS has no views, controls or recognizers
import UIKit

// `cell.on.reuse`: a `Lifetime` that ends when the cell is next prepared for reuse, when a fresh
// one begins. Tie a cell's subscriptions to it, so a reused cell never keeps the handlers of the
// row it showed before. Ask for it each time the cell is configured: after a reuse it is a new one.
//
// The cell's class may override `prepareForReuse()` or not; an override must call
// `super.prepareForReuse()`, as Apple requires (see `PrepareForReuseHook`); the lifetime ends
// inside that call, so subscribe after it, not before. The lifetime also ends when the cell goes.
//
// Reconfiguring in place is not a reuse: `reconfigureRows(at:)`, `reconfigureItems(at:)` and a
// diffable data source's `reconfigureItems(_:)` run the configuration code again on the same
// cell without `prepareForReuse()`. `on.renewReuse()` ends the reuse lifetime by hand.

extension On where Base: UITableViewCell {
    /// The cell's subscriptions until its next reuse:
    ///
    /// ```swift
    /// cell.followButton.on.tap { button in follow(user) }.store(in: cell.on.reuse)
    /// ```
    @MainActor public var reuse: Lifetime { hookedReuseLifetime }

    /// Ends `reuse` and begins a fresh one: call it first where the cell is configured, for
    /// configurations UIKit does not prepare the cell for (`reconfigureRows(at:)`, a diffable
    /// data source's `reconfigureItems(_:)`, an override of `prepareForReuse()` that skips
    /// `super`). After a real reuse it ends a lifetime that holds nothing yet, so always calling
    /// it is safe: `cell.on.renewReuse(); cell.followButton.on.tap { button in follow(user) }.store(in: cell.on.reuse)`.
    @MainActor public func renewReuse() { renewReuseLifetime() }
}
#endif
