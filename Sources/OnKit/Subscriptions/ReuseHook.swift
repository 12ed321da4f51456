#if canImport(ObjectiveC)
import ObjectiveC

/// Makes a reusable class's `prepareForReuse` renew the host's reuse lifetime
/// (`On.renewReuseLifetime()`) before doing what it did: the one method interception behind
/// `cell.on.reuse` on iOS and `view.on.reuse` on the Mac.
///
/// Why method interception: `prepareForReuse` is a method the host's own class may override,
/// and nothing else tells a host it is about to be reused. A base class's implementation is
/// replaced once, so the hook runs for every subclass: one that does not override the method
/// inherits it, and one that overrides it reaches it through `super.prepareForReuse()`, which
/// Apple requires overrides to call. An override that does not call `super` never ends its
/// host's reuse lifetime. A class and one of its subclasses may both be hooked (a platform class
/// whose private override need not call `super`): one reuse then renews twice, and the second
/// renewal ends a lifetime nothing was stored in yet.
enum ReuseHook {
    private typealias Implementation = @convention(c) (AnyObject, Selector) -> Void

    /// Replaces `selector` (a `prepareForReuse` method, `void (id, SEL)`) of `type` with one that
    /// renews the reuse lifetime, then calls what the method did. Call once per class.
    ///
    /// A class that only inherits the method gets one of its own, which calls the superclass's
    /// implementation as it is *at call time*, as `super` would: a library that swizzles the
    /// superclass's `prepareForReuse` later (say `UICollectionReusableView`'s, to hook
    /// `UICollectionViewCell`) is still called. A class with its own implementation has it
    /// replaced, and the replaced one is called, as any swizzle does.
    static func renewReuseLifetime(in type: AnyClass, before selector: Selector) {
        guard let method = class_getInstanceMethod(type, selector) else { return }
        let superclass: AnyClass? = class_getSuperclass(type)
        let inherited = superclass.flatMap { class_getInstanceMethod($0, selector) } == method
        let replacement: @convention(block) (AnyObject) -> Void
        if inherited, let superclass {
            replacement = { host in
                On(host).renewReuseLifetime()
                // Looked up now, not at install time. Sound: the superclass implements the
                // selector (the method was found there), whose Objective-C type is
                // `void (id, SEL)`: exactly `Implementation`.
                let current = unsafeBitCast(class_getMethodImplementation(superclass, selector), to: Implementation.self)
                current(host, selector)
            }
        } else {
            // Sound: this is `prepareForReuse`'s implementation, whose Objective-C type is
            // `void (id, SEL)`: exactly `Implementation`.
            let original = unsafeBitCast(method_getImplementation(method), to: Implementation.self)
            replacement = { host in
                On(host).renewReuseLifetime()
                original(host, selector)
            }
        }
        let implementation = imp_implementationWithBlock(replacement)
        // If the class only inherits the method, add the replacement to it; otherwise replace its
        // own implementation.
        if !class_addMethod(type, selector, implementation, method_getTypeEncoding(method)) {
            method_setImplementation(method, implementation)
        }
    }
}

#if (canImport(UIKit) && !os(watchOS)) || (canImport(AppKit) && !targetEnvironment(macCatalyst))
extension On {
    /// The host's reuse lifetime, with the platform's hook that renews it (`PrepareForReuseHook`:
    /// UIKit's cells, AppKit's views and collection view items) installed.
    var hookedReuseLifetime: Lifetime {
        _ = PrepareForReuseHook.installed
        return currentReuseLifetime
    }
}
#endif
#endif
