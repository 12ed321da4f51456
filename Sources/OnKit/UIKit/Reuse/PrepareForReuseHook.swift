#if canImport(UIKit) && !os(watchOS)  // UIKit on watchOS has no views, controls or recognizers
import ObjectiveC
import UIKit

/// Makes `prepareForReuse` of UIKit's reusable classes renew the view's reuse lifetime
/// (`On.renewReuseLifetime()`) before doing what it did.
///
/// Why method interception: `prepareForReuse` is a method the cell's own class may override,
/// and nothing else tells a cell it is about to be reused. Each class's implementation is
/// replaced once, so the hook runs for every subclass: one that does not override the method
/// inherits it, and one that overrides it reaches it through `super.prepareForReuse()`, which
/// Apple requires overrides to call. An app's override that does not call `super` never ends its
/// cell's reuse lifetime: it can call `on.renewReuse()` itself.
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
        hook(UITableViewCell.self)
        hook(UITableViewHeaderFooterView.self)
        hook(UICollectionReusableView.self)
        hook(UICollectionViewCell.self)
        hook(UICollectionViewListCell.self)
        return true
    }()

    private typealias Implementation = @convention(c) (AnyObject, Selector) -> Void

    private static func hook(_ type: AnyClass) {
        let selector = #selector(UITableViewCell.prepareForReuse)
        guard let method = class_getInstanceMethod(type, selector) else { return }
        // Sound: this is `prepareForReuse`'s implementation, whose Objective-C type is
        // `void (id, SEL)`: exactly `Implementation`.
        let original = unsafeBitCast(method_getImplementation(method), to: Implementation.self)
        let replacement: @convention(block) (AnyObject) -> Void = { cell in
            On(cell).renewReuseLifetime()
            original(cell, selector)
        }
        let implementation = imp_implementationWithBlock(replacement)
        // If the class only inherits the method, add the replacement to it (the original, from
        // its superclass, is still called); otherwise replace its own implementation.
        if !class_addMethod(type, selector, implementation, method_getTypeEncoding(method)) {
            method_setImplementation(method, implementation)
        }
    }
}

extension On {
    /// The host's reuse lifetime, with the hook that renews it installed.
    var hookedReuseLifetime: Lifetime {
        _ = PrepareForReuseHook.installed
        return currentReuseLifetime
    }
}
#endif
