import Foundation

/// `NSCacheDelegate` as an OnKit event: `cache.on.willEvict { cache, object in … }`.
///
/// The first `on.willEvict` installs a delegate proxy as `cache.delegate`, stored on the cache:
/// it, and the handlers, live as long as the cache, or until a subscription is cancelled. A
/// delegate the cache had before keeps receiving every eviction, **before** OnKit's handlers; it
/// is held weakly, as the cache held it. Setting `cache.delegate` after an `on.` call replaces
/// the proxy until the next `cache.on.willEvict`, which puts it back and forwards to the
/// delegate you set.
///
/// - Linux: Foundation calls this only when `countLimit` or `totalCostLimit` forces an
///   eviction, from inside `setObject`, **with the cache's lock held**: a handler must not use
///   the same cache (it would deadlock). `removeObject(forKey:)` and `removeAllObjects()` do not
///   call it.
/// - Apple platforms: also called for `removeObject(forKey:)`, and for evictions the system
///   makes under memory pressure, on any thread.
///
/// ## Why `willEvict()` is a method here
/// Other adapters' callbacks are properties. This one cannot be: its type names the cache's
/// `Object`, and Swift has no generic properties, nor (on Apple platforms, where NSCache's
/// generic parameters are erased at run time) any way to read `Object` from `Base` through a
/// protocol. So `willEvict()` returns the event, with the same surface as every callback.
extension On {
    /// Each object the cache is about to evict, as a read-only event: the cache (typed `Base`)
    /// and the object (typed `Object`).
    ///
    /// ```swift
    /// cache.on.willEvict().once { cache, thumbnail in print("first eviction:", thumbnail) }
    /// ```
    public func willEvict<Key, Object>() -> ReadOnlyEvent<Base, Object> where Base: NSCache<Key, Object> {
        NSCacheDelegateProxy.installed(on: base, slot: \.delegate).willEvict.readOnly.cast(to: Base.self, Object.self)
    }

    /// Adds a handler called with each object the cache is about to evict; the same as
    /// `willEvict().subscribe(handler)`.
    ///
    /// ```swift
    /// let cache = NSCache<NSString, Thumbnail>()
    /// cache.countLimit = 100
    /// cache.on.willEvict { cache, thumbnail in thumbnail.releaseMemory() }
    /// ```
    ///
    /// For an `NSCache` itself; on a subclass, write `cache.on.willEvict().subscribe { … }`.
    /// (With `Base: NSCache<Key, Object>` here, Swift 6.3 crashes compiling a release build of
    /// a program that calls this: "SILFunction type mismatch", `_NativeClass` vs `AnyObject`,
    /// deserializing the closure parameter's type. `willEvict()` has no closure parameter.)
    @discardableResult
    public func willEvict<Key, Object>(
        _ handler: @escaping @Sendable (Base, Object) -> Void
    ) -> EventSubscription where Base == NSCache<Key, Object> {
        willEvict().subscribe(handler)
    }
}
