#if canImport(UIKit) && !os(watchOS)  // UIKit on watchOS has no views, controls or recognizers
import UIKit

// `cell.on.reuse` for collection view cells and supplementary views: the rules of
// `UITableViewCell+Reuse.swift`.

extension On where Base: UICollectionReusableView {
    /// The cell's (or supplementary view's) subscriptions until its next reuse:
    ///
    /// ```swift
    /// cell.likeButton.on.tap { button in like(photo) }.store(in: cell.on.reuse)
    /// ```
    @MainActor public var reuse: Lifetime { hookedReuseLifetime }

    /// Ends `reuse` and begins a fresh one, for `reconfigureItems(at:)` and other configurations
    /// in place (see `UITableViewCell`'s `on.renewReuse()`): `cell.on.renewReuse()`.
    @MainActor public func renewReuse() { renewReuseLifetime() }
}
#endif
