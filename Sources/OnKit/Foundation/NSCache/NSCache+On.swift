import Foundation

/// `NSCacheDelegate` as an OnKit event: `cache.on.willEvict { cache, object in … }`.
///
/// The first `on.willEvict` installs a delegate proxy, with every adapter's rules
/// (<doc:Semantics>: the cache's own delegate first, kept weakly).
///
/// - Linux calls it only for evictions forced by `countLimit`/`totalCostLimit`, inside
///   `setObject`, **with the cache's lock held**: a handler must not use the same cache.
/// - Apple platforms also call it for `removeObject(forKey:)` and memory pressure, on any thread.
///
/// `willEvict()` is a method, unlike other adapters' callbacks: its type names the cache's
/// `Object`, and Swift has no generic properties (nor, with NSCache's erased generics, a way to
/// read `Object` from `Base`).
extension On {
    /// Each object the cache is about to evict, as a read-only event: the cache (typed `Base`)
    /// and the object (typed `Object`):
    /// `cache.on.willEvict().once { thumbnail in print("first eviction:", thumbnail) }`.
    public func willEvict<Key, Object>() -> ReadOnlyEvent<Base, Object> where Base: NSCache<Key, Object> {
        NSCacheDelegateProxy.installed(on: base, slot: \.delegate).willEvict.readOnly.cast(to: Base.self, Object.self)
    }

    /// Adds a handler called with each object the cache is about to evict; the same as
    /// `willEvict().subscribe(handler)`: `cache.on.willEvict { _, thumbnail in thumbnail.releaseMemory() }`.
    ///
    /// For an `NSCache` itself; on a subclass, write `cache.on.willEvict().subscribe { thumbnail in … }`
    /// (for `Base: NSCache<Key, Object>`, this form crashes Swift 6.3's release optimizer in the
    /// calling module).
    @discardableResult
    public func willEvict<Key, Object>(
        _ handler: @escaping @Sendable (Base, Object) -> Void
    ) -> EventSubscription where Base == NSCache<Key, Object> {
        willEvict().subscribe(handler)
    }

    // The lighter shapes, one overload each: a trailing closure on `willEvict` never reaches
    // `callAsFunction` on the event `willEvict()` returns.

    /// Adds a handler called with each object the cache is about to evict:
    /// `cache.on.willEvict { thumbnail in thumbnail.releaseMemory() }` (see `willEvict(_:)`).
    @discardableResult
    public func willEvict<Key, Object>(
        _ handler: @escaping @Sendable (Object) -> Void
    ) -> EventSubscription where Base == NSCache<Key, Object> {
        willEvict(ignoringSender(handler))
    }

    /// Adds a handler called whenever the cache is about to evict an object:
    /// `cache.on.willEvict { print("evicted") }` (see `willEvict(_:)`).
    @discardableResult
    public func willEvict<Key, Object>(
        _ handler: @escaping @Sendable () -> Void
    ) -> EventSubscription where Base == NSCache<Key, Object> {
        willEvict(ignoringParameters(handler))
    }
}
