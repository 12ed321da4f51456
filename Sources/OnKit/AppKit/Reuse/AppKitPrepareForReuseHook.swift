#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit

/// Makes `prepareForReuse` of `NSView` (table cell and row views, collection view supplementary
/// views) and of `NSCollectionViewItem` renew the host's reuse lifetime (see `ReuseHook`),
/// installed once per process on first use of `on.reuse` (a `static let` is initialized exactly
/// once). The two classes are unrelated (an item is a view controller), so no reuse renews twice.
enum PrepareForReuseHook {
    /// Touch it to install the hook.
    static let installed: Bool = {
        ReuseHook.renewReuseLifetime(in: NSView.self, before: #selector(NSView.prepareForReuse))
        ReuseHook.renewReuseLifetime(in: NSCollectionViewItem.self, before: #selector(NSCollectionViewItem.prepareForReuse))
        return true
    }()
}
#endif
