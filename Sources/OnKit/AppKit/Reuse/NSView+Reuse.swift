#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit

// `view.on.reuse`: a `Lifetime` that ends when the view is next prepared for reuse, when a fresh
// one begins, with the rules of UIKit's `cell.on.reuse`. A table view reuses its cell views
// (`makeView(withIdentifier:owner:)`) and a collection view its items through `prepareForReuse()`;
// an override must call `super.prepareForReuse()`, and the lifetime ends inside that call, so
// subscribe after it. The lifetime also ends when the view or item goes.

extension On where Base: NSView {
    /// The view's subscriptions until its next reuse:
    ///
    /// ```swift
    /// cell.checkbox.on.action { checkbox in
    ///     setDone(row, checkbox.state == .on)
    /// }.store(in: cell.on.reuse)
    /// ```
    @MainActor public var reuse: Lifetime { hookedReuseLifetime }

    /// Ends `reuse` and begins a fresh one, as UIKit's `cell.on.renewReuse()` does: call it first
    /// where a view is configured again without a reuse (`reloadData(forRowIndexes:columnIndexes:)`
    /// may hand the same view back), or from an override of `prepareForReuse()` that skips
    /// `super`. After a real reuse it ends a lifetime that holds nothing yet: `cell.on.renewReuse()`.
    @MainActor public func renewReuse() { renewReuseLifetime() }
}
#endif
