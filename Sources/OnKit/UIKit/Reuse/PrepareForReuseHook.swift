#if canImport(UIKit)
import UIKit

/// Makes `prepareForReuse` of the three reusable UIKit classes renew the cell's reuse lifetime
/// (see `ReuseHook`). The replacement is installed once per process, thread-safely: a `static
/// let` is initialized exactly once (`swift_once`), on first use of `cell.on.reuse`. The three
/// classes are unrelated (each is a `UIView` subclass), so no reuse renews twice.
enum PrepareForReuseHook {
    /// Touch it to install the hook.
    static let installed: Bool = {
        let selector = #selector(UITableViewCell.prepareForReuse)
        ReuseHook.renewReuseLifetime(in: UITableViewCell.self, before: selector)
        ReuseHook.renewReuseLifetime(in: UICollectionReusableView.self, before: selector)
        ReuseHook.renewReuseLifetime(in: UITableViewHeaderFooterView.self, before: selector)
        return true
    }()
}
#endif
