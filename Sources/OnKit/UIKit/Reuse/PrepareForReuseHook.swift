#if canImport(UIKit)
import ObjectiveC
import UIKit

/// Makes `prepareForReuse` of the three reusable UIKit classes renew the cell's reuse lifetime
/// (`On.renewReuseLifetime()`) before doing what it did.
///
/// Why method interception: `prepareForReuse` is a method the cell's own class may override,
/// and nothing else tells a cell it is about to be reused. Each base class's implementation is
/// replaced once, so the hook runs for every subclass: one that does not override the method
/// inherits it, and one that overrides it reaches it through `super.prepareForReuse()`, which
/// Apple requires overrides to call. An override that does not call `super` never ends its
/// cell's reuse lifetime.
///
/// The replacement is installed once per process, thread-safely: a `static let` is initialized
/// exactly once (`swift_once`), on first use of `cell.on.reuse`. The three classes are
/// unrelated (each is a `UIView` subclass), so no reuse renews twice.
enum PrepareForReuseHook {
    /// Touch it to install the hook.
    static let installed: Bool = {
        hook(UITableViewCell.self)
        hook(UICollectionReusableView.self)
        hook(UITableViewHeaderFooterView.self)
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
