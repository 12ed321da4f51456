#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit

/// Makes `prepareForReuse` of `NSView` (table cell and row views, collection view supplementary
/// views) and of `NSCollectionViewItem` renew the host's reuse lifetime (see `ReuseHook`),
/// installed once per process on first use of `on.reuse` (a `static let` is initialized exactly
/// once). AppKit's table cell and row views are hooked too, as UIKit's cells are: their own
/// overrides are AppKit's and need not call `super` (a reuse may then renew twice, harmlessly).
enum PrepareForReuseHook {
    /// Touch it to install the hook.
    static let installed: Bool = {
        for type: AnyClass in [NSView.self, NSTableCellView.self, NSTableRowView.self] {
            ReuseHook.renewReuseLifetime(in: type, before: #selector(NSView.prepareForReuse))
        }
        ReuseHook.renewReuseLifetime(in: NSCollectionViewItem.self, before: #selector(NSCollectionViewItem.prepareForReuse))
        return true
    }()
}
#endif
