/// A bag of subscriptions that cancels them all when it ends (`end()`, or its deallocation).
/// Keep one in the object whose handlers these are; they go when it goes.
///
/// ```swift
/// final class Dashboard {
///     let lifetime = Lifetime()
///
///     init(boiler: Boiler) {
///         boiler.temperatureChanged { celsius in print(celsius) }
///             .store(in: lifetime)
///     }
/// }
/// ```
///
/// Every ``OnCompatible`` object has one: `object.on.lifetime`. Adding to an ended lifetime
/// cancels the subscription at once.
public final class Lifetime: Sendable {
    private struct Held {
        var subscriptions: [EventSubscription] = []
        var hasEnded = false
        /// Size at which the next add first drops subscriptions cancelled elsewhere.
        var pruneAt = 32
    }

    private let held = Locked(Held())

    /// Creates a lifetime that has not ended.
    public init() {}

    deinit { end() }

    /// Whether the lifetime has ended.
    public var hasEnded: Bool { held.withLock { $0.hasEnded } }

    /// The number of subscriptions held (including ones cancelled elsewhere and not yet pruned).
    public var count: Int { held.withLock { $0.subscriptions.count } }

    /// Ties `subscription` to this lifetime; cancels it at once if the lifetime has ended.
    public func add(_ subscription: EventSubscription) {
        // Amortized O(1): past `pruneAt`, drop what was cancelled elsewhere, then wait for twice
        // as many. Whether one is active is asked after unlocking: it loads the subscription's
        // source, whose last reference may drop there (a store's deinit releases handlers).
        let snapshot = held.withLock { held -> [EventSubscription]? in
            guard !held.hasEnded, held.subscriptions.count >= held.pruneAt else { return nil }
            held.pruneAt = .max  // one prune at a time
            return held.subscriptions
        }
        let inactive = Set((snapshot ?? []).filter { !$0.isActive })  // eager: a lazy view would ask twice, and may get two answers
        let (accepted, dropped) = held.withLock { held -> (Bool, [EventSubscription]) in
            var dropped: [EventSubscription] = []
            if snapshot != nil {
                dropped = held.subscriptions.filter { inactive.contains($0) }
                held.subscriptions.removeAll { inactive.contains($0) }
                held.pruneAt = max(32, held.subscriptions.count * 2)
            }
            guard !held.hasEnded else { return (false, dropped) }
            held.subscriptions.append(subscription)
            return (true, dropped)
        }
        withExtendedLifetime(dropped) {}  // released here, after unlocking
        if !accepted { subscription.cancel() }
    }

    /// Ties `subscription` to `lifetime`; same as `lifetime.add(subscription)`.
    public static func += (lifetime: Lifetime, subscription: EventSubscription) { lifetime.add(subscription) }

    /// Cancels every subscription held, now. Idempotent.
    public func end() {
        let subscriptions = held.withLock { held in
            held.hasEnded = true
            defer { held.subscriptions = [] }
            return held.subscriptions
        }
        for subscription in subscriptions { subscription.cancel() }
    }
}

extension EventSubscription {
    /// Ties this subscription to `lifetime`: it is cancelled when the lifetime ends.
    public func store(in lifetime: Lifetime) { lifetime.add(self) }
}
