import Dispatch
import Foundation
import OnKit
import Testing

/// A cached value whose identity and deallocation the tests follow.
private final class Entry: Sendable {
    let key: String
    init(_ key: String) { self.key = key }
}

/// A cache's own delegate: records the key of every entry it is told about.
private final class RecordingCacheDelegate: NSObject, NSCacheDelegate, Sendable {
    let log: Recorder<String>

    init(log: Recorder<String> = Recorder()) { self.log = log }

    func cache(_ cache: NSCache<AnyObject, AnyObject>, willEvictObject obj: Any) {
        log.append("delegate \((obj as? Entry)?.key ?? "?")")
    }
}

/// A cache subclass: handlers must get it typed as itself.
private final class LabeledCache: NSCache<NSString, Entry> {
    let label = "labeled"
}

/// `cache.on.willEvict` with real evictions forced by `countLimit` and `totalCostLimit`.
@Suite struct NSCacheAdapterTests {
    /// Inserts entries `k0`…`k<count-1>` and returns the keys still in the cache.
    private func fill(
        _ cache: NSCache<NSString, Entry>, count: Int, cost: Int = 0, prefix: String = "k"
    ) -> Set<String> {
        var entries: [Entry] = []
        for index in 0..<count {
            let entry = Entry("\(prefix)\(index)")
            entries.append(entry)
            cache.setObject(entry, forKey: entry.key as NSString, cost: cost)
        }
        return Set(entries.map(\.key).filter { cache.object(forKey: $0 as NSString) != nil })
    }

    @Test func countLimitEvictionsReachEveryHandlerWithTheTypedCacheAndObject() {
        let cache = NSCache<NSString, Entry>()
        cache.countLimit = 2
        let first = Recorder<String>()
        let second = Recorder<String>()
        let senders = Recorder<ObjectIdentifier>()
        cache.on.willEvict { cache, entry in
            first.append(entry.key)
            senders.append(ObjectIdentifier(cache))
        }
        cache.on.willEvict { _, entry in second.append(entry.key) }

        let remaining = fill(cache, count: 5)

        #expect(first.count == 3)
        #expect(second.values == first.values)
        #expect(Set(first.values).isDisjoint(with: remaining))
        #expect(Set(first.values).union(remaining) == ["k0", "k1", "k2", "k3", "k4"])
        #expect(senders.values.allSatisfy { $0 == ObjectIdentifier(cache) })
    }

    @Test func totalCostLimitEvictionsAreReported() {
        let cache = NSCache<NSString, Entry>()
        cache.totalCostLimit = 10
        let evicted = Recorder<String>()
        cache.on.willEvict { _, entry in evicted.append(entry.key) }

        let remaining = fill(cache, count: 4, cost: 4)

        // 4 + 4 + 4 = 12 > 10 evicts one; the fourth does it again.
        #expect(evicted.count == 2)
        #expect(remaining.count == 2)
        #expect(Set(evicted.values).isDisjoint(with: remaining))
    }

    @Test func cancelledHandlerIsNotCalledAndOthersStay() {
        let cache = NSCache<NSString, Entry>()
        cache.countLimit = 1
        let kept = Counter()
        let cancelled = Counter()
        cache.on.willEvict { _, _ in kept.increment() }
        let subscription = cache.on.willEvict { _, _ in cancelled.increment() }
        #expect(subscription.cancel())

        _ = fill(cache, count: 3)

        #expect(kept.value == 2)
        #expect(cancelled.value == 0)
    }

    @Test func existingDelegateGetsEveryEvictionFirst() {
        let log = Recorder<String>()
        let cache = NSCache<NSString, Entry>()
        cache.countLimit = 1
        let delegate = RecordingCacheDelegate(log: log)
        cache.delegate = delegate
        cache.on.willEvict { _, entry in log.append("handler \(entry.key)") }

        _ = fill(cache, count: 3)

        let values = log.values
        #expect(values.count == 4)
        for pair in stride(from: 0, to: values.count, by: 2) {
            #expect(values[pair].hasPrefix("delegate "))
            #expect(values[pair + 1] == "handler " + values[pair].dropFirst("delegate ".count))
        }
    }

    @Test func existingDelegateIsHeldWeaklyAsTheCacheHeldIt() {
        let cache = NSCache<NSString, Entry>()
        cache.countLimit = 1
        var delegate: RecordingCacheDelegate? = RecordingCacheDelegate()
        weak let weakDelegate = delegate
        cache.delegate = delegate
        let calls = Counter()
        cache.on.willEvict { _, _ in calls.increment() }

        delegate = nil

        #expect(weakDelegate == nil)
        _ = fill(cache, count: 2)
        #expect(calls.value == 1)
    }

    @Test func delegateSetAfterSubscribingIsAdoptedByTheNextOnCall() {
        let firstLog = Recorder<String>()
        let secondLog = Recorder<String>()
        let cache = NSCache<NSString, Entry>()
        cache.countLimit = 1
        let first = RecordingCacheDelegate(log: firstLog)
        cache.delegate = first
        let handlerCalls = Counter()
        cache.on.willEvict { _, _ in handlerCalls.increment() }

        let second = RecordingCacheDelegate(log: secondLog)
        cache.delegate = second
        _ = fill(cache, count: 2, prefix: "before")
        #expect(secondLog.count == 1)  // the slot is the user's until the next `on.` call
        #expect(handlerCalls.value == 0)

        cache.on.willEvict { _, _ in handlerCalls.increment() }
        _ = fill(cache, count: 2, prefix: "after")

        #expect(firstLog.values.isEmpty)
        #expect(secondLog.count == 3)
        #expect(handlerCalls.value == 4)  // two handlers, two evictions
    }

    @Test func proxyHandlersAndCapturedObjectsAreReleasedWithTheCache() async {
        weak var weakCache: NSCache<NSString, Entry>?
        weak var weakProxy: AnyObject?
        weak var weakCaptured: Tracked?
        do {
            let cache = NSCache<NSString, Entry>()
            let captured = Tracked()
            cache.on.willEvict { _, _ in _ = captured }
            weakCache = cache
            weakProxy = cache.delegate
            weakCaptured = captured
            #expect(weakProxy != nil, "the proxy was never installed: this test would prove nothing")
        }
        #expect(weakCache == nil)

        #expect(await releaseDeadHostValues { weakProxy == nil && weakCaptured == nil })
    }

    @Test func evictionsFromManyThreadsReachEachHandlerExactlyOnce() {
        let cache = NSCache<NSString, Entry>()
        cache.countLimit = 10
        let delegateLog = Recorder<String>()
        let delegate = RecordingCacheDelegate(log: delegateLog)
        cache.delegate = delegate
        let first = Counter()
        let second = Counter()
        cache.on.willEvict { _, _ in first.increment() }
        cache.on.willEvict { _, _ in second.increment() }
        let threads = 4
        let perThread = 250
        let keys = Recorder<String>()
        let shared = CacheHandle(cache)

        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in 0..<perThread {
                let entry = Entry("t\(thread)-\(index)")
                keys.append(entry.key)
                shared.cache.setObject(entry, forKey: entry.key as NSString)
            }
        }

        let remaining = keys.values.filter { cache.object(forKey: $0 as NSString) != nil }.count
        let evictions = threads * perThread - remaining
        #expect(evictions > 0)
        #expect(first.value == evictions)
        #expect(second.value == evictions)
        #expect(delegateLog.count == evictions)
    }
}

/// `cache.on.willEvict()`, the read-only event: the whole surface works on it.
@Suite struct NSCacheWillEvictEventTests {
    /// Inserts entries `k0`…`k<count-1>` (the cache holds none of them afterwards).
    private func fill(_ cache: NSCache<NSString, Entry>, count: Int) {
        for index in 0..<count {
            let entry = Entry("k\(index)")
            cache.setObject(entry, forKey: entry.key as NSString)
        }
    }

    @Test func onceAndMinusEqualsOnTheEvent() {
        let cache = NSCache<NSString, Entry>()
        cache.countLimit = 1
        let first = Recorder<String>()
        let removed = Counter()
        let every = Counter()
        let evictions: ReadOnlyEvent<NSCache<NSString, Entry>, Entry> = cache.on.willEvict()
        evictions.once { _, entry in first.append(entry.key) }
        let subscription = evictions += { _, _ in removed.increment() }
        cache.on.willEvict { _, _ in every.increment() }
        #expect(cache.on.willEvict().subscriberCount == 3)
        #expect(cache.on.willEvict() -= subscription)

        fill(cache, count: 4)

        #expect(first.count == 1)
        #expect(removed.value == 0)
        #expect(every.value == 3)
        #expect(cache.on.willEvict().subscriberCount == 1)
    }

    @Test func valuesDeliversEveryEvictedObject() async {
        let cache = NSCache<NSString, Entry>()
        cache.countLimit = 1
        let evicted = cache.on.willEvict().values  // subscribed from here on

        fill(cache, count: 3)

        var keys: [String] = []
        for await entry in evicted.prefix(2) { keys.append(entry.key) }
        #expect(keys.count == 2)
        #expect(Set(keys).isSubset(of: ["k0", "k1", "k2"]))
    }

    @Test func subclassHandlersGetTheCacheTypedAsTheSubclass() {
        let cache = LabeledCache()
        cache.countLimit = 1
        let seen = Recorder<String>()
        let owner = Tracked()
        cache.on.willEvict().subscribe(owner: owner) { _, cache, entry in
            seen.append("\(cache.label) \(entry.key)")
        }

        fill(cache, count: 2)

        #expect(seen.count == 1)
        #expect(seen.values.allSatisfy { $0.hasPrefix("labeled k") })
    }

    @Test func aCallWithAForeignObjectReachesNoHandlerAndDoesNotCrash() throws {
        let cache = NSCache<NSString, Entry>()
        let calls = Counter()
        cache.on.willEvict { _, _ in calls.increment() }
        let proxy = try #require(cache.delegate)
        let foreign = NSCache<AnyObject, AnyObject>()

        // What only a hand-made call can pass: not an `Entry`; on Linux, where generic classes
        // keep their arguments at run time, also a cache that is not an `NSCache<NSString, Entry>`.
        #if canImport(ObjectiveC)
        proxy.cache?(foreign, willEvictObject: "not an entry")
        #else
        proxy.cache(foreign, willEvictObject: "not an entry")
        proxy.cache(foreign, willEvictObject: Entry("from another cache"))
        #endif

        #expect(calls.value == 0)
    }
}

/// Hands one cache to several threads.
private final class CacheHandle: @unchecked Sendable {
    // @unchecked is sound: `NSCache` is documented as safe to use from several threads (its
    // `setObject` and `object(forKey:)` take its lock), and these threads only call those.
    let cache: NSCache<NSString, Entry>

    init(_ cache: NSCache<NSString, Entry>) { self.cache = cache }
}
