#if canImport(UIKit) && !os(watchOS)  // UIKit on watchOS has no views, controls or recognizers
import UIKit

/// Makes `prepareForReuse` of UIKit's reusable classes renew the view's reuse lifetime (see
/// `ReuseHook`); an app's override that does not call `super` can call `on.renewReuse()` itself.
///
/// The cell classes are hooked as well as their base classes, because UIKit's own overrides
/// (`UICollectionViewCell`'s, `UICollectionViewListCell`'s) are private and need not call
/// `super`. Where they do, one reuse renews twice; the second renewal ends a lifetime nothing
/// was stored in yet, which is harmless.
///
/// The replacement is installed once per process: a `static let` is initialized exactly once
/// (`swift_once`), on first use of `cell.on.reuse`.
enum PrepareForReuseHook {
    /// Touch it to install the hook.
    static let installed: Bool = {
        let selector = #selector(UITableViewCell.prepareForReuse)
        for type: AnyClass in [
            UITableViewCell.self, UITableViewHeaderFooterView.self, UICollectionReusableView.self,
            UICollectionViewCell.self, UICollectionViewListCell.self,
        ] {
            ReuseHook.renewReuseLifetime(in: type, before: selector)
        }
        return true
    }()
}
#endif
