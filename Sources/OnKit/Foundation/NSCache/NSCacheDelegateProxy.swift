import Foundation

/// The `NSCacheDelegate` OnKit installs on a cache: each eviction is forwarded to the cache's
/// own delegate first, then sent to OnKit's handlers (see `DelegateProxy`).
///
/// One proxy type serves every `NSCache<Key, Object>`: Foundation hands the cache over as
/// `NSCache<AnyObject, AnyObject>`, and `On.willEvict()` casts back to the caller's types with
/// checked casts (`CheckedCast`).
final class NSCacheDelegateProxy: NSObject, NSCacheDelegate, DelegateProxy {
    static let key = AssociationKey<NSCacheDelegateProxy>("NSCache.delegateProxy", default: NSCacheDelegateProxy())

    /// `NSCache` holds its delegate weakly, on Linux and on Apple platforms.
    let forwarding = DelegateForwarding<any NSCacheDelegate>(ownership: .weak)

    var asDelegate: any NSCacheDelegate { self }

    /// The cache (as Foundation passes it) and the object about to be evicted.
    let willEvict = Event<AnyObject, Any>()

    override init() {}

    func cache(_ cache: NSCache<AnyObject, AnyObject>, willEvictObject obj: Any) {
        #if canImport(ObjectiveC)
        forwarding.target?.cache?(cache, willEvictObject: obj)
        #else
        forwarding.target?.cache(cache, willEvictObject: obj)
        #endif
        willEvict.send(cache, obj)
    }
}
