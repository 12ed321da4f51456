#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit

// `item.on.reuse`: `view.on.reuse` (`NSView+Reuse.swift`) for a collection view's items.

extension On where Base: NSCollectionViewItem {
    /// The item's subscriptions until its next reuse:
    ///
    /// ```swift
    /// item.likeButton.on.tap { button in like(photo) }.store(in: item.on.reuse)
    /// ```
    @MainActor public var reuse: Lifetime { hookedReuseLifetime }

    /// Ends `reuse` and begins a fresh one, for an item configured again in place (see `NSView`'s
    /// `on.renewReuse()`): `item.on.renewReuse()`.
    @MainActor public func renewReuse() { renewReuseLifetime() }
}
#endif
