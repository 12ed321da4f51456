import Foundation

extension On {
    /// Adds a handler called with each object the cache is about to evict.
    ///
    /// ```swift
    /// let cache = NSCache<NSString, Thumbnail>()
    /// cache.countLimit = 100
    /// cache.on.willEvict { cache, thumbnail in thumbnail.releaseMemory() }
    /// ```
    ///
    /// The first `on.willEvict` installs a delegate proxy as `cache.delegate`, stored on the
    /// cache: it, and the handlers, live as long as the cache, or until the subscription is
    /// cancelled. A delegate the cache had before keeps receiving every eviction, **before**
    /// OnKit's handlers; it is held weakly, as the cache held it. Setting `cache.delegate` after
    /// an `on.` call replaces the proxy until the next `cache.on.willEvict`, which puts it back
    /// and forwards to the delegate you set.
    ///
    /// - Linux: Foundation calls this only when `countLimit` or `totalCostLimit` forces an
    ///   eviction, from inside `setObject`, **with the cache's lock held**: a handler must not
    ///   use the same cache (it would deadlock). `removeObject(forKey:)` and `removeAllObjects()`
    ///   do not call it.
    /// - Apple platforms: also called for `removeObject(forKey:)`, and for evictions the system
    ///   makes under memory pressure, on any thread.
    @discardableResult
    public func willEvict<Key, Object>(
        _ handler: @escaping @Sendable (Base, Object) -> Void
    ) -> Subscription where Base: NSCache<Key, Object> {
        NSCacheDelegateProxy.installed(on: base, slot: \.delegate).willEvict.subscribe { cache, object in
            // Both casts always succeed: the proxy belongs to this one cache, which holds only
            // `Object`s. Checked rather than forced, so a mistake can never crash a host app.
            guard let cache = cache as? Base, let object = object as? Object else { return }
            handler(cache, object)
        }
    }
}
