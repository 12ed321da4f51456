import Foundation

/// The `NSCacheDelegate` OnKit installs on a cache (see `DelegateProxy`); it holds the delegate
/// weakly, as `NSCache` does.
///
/// One proxy type serves every `NSCache<Key, Object>`: Foundation hands the cache over as
/// `NSCache<AnyObject, AnyObject>`, and `On.willEvict()` casts back to the caller's types with
/// checked casts (`ReadOnlyDecision.cast(to:_:)`, over `CastRedirect`).
final class NSCacheDelegateProxy: NSObject, NSCacheDelegate, DelegateProxy {
    static let key = AssociationKey<NSCacheDelegateProxy>("NSCache.delegateProxy", default: NSCacheDelegateProxy())
    let forwarding = DelegateForwarding<any NSCacheDelegate>(foundation: .weak)
    var asDelegate: any NSCacheDelegate { self }

    /// The cache (as Foundation passes it) and the object about to be evicted.
    let willEvict = Event<AnyObject, Any>()

    override init() {}

    func cache(_ cache: NSCache<AnyObject, AnyObject>, willEvictObject obj: Any) {
        #if canImport(ObjectiveC)
        forwarding.forward { $0.cache?(cache, willEvictObject: obj) }
        #else
        forwarding.forward { $0.cache(cache, willEvictObject: obj) }
        #endif
        willEvict.send(cache, obj)
    }
}
