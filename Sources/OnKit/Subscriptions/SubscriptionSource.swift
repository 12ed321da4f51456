/// What an `EventSubscription` cancels through: an event's handler store, or a custom action.
@usableFromInline
protocol SubscriptionSource: AnyObject, Sendable {
    /// Removes the registration; true if this call removed it.
    func remove(token: UInt64, slot: Int) -> Bool
    /// Whether the registration is still in place.
    func isActive(token: UInt64, slot: Int) -> Bool
    /// What a subscription of this source holds (a handle holding it weakly). A source that makes
    /// many subscriptions keeps one and hands it out (`HandlerStore`); the default makes one.
    var subscriptionHandle: SubscriptionHandle { get }
}

extension SubscriptionSource {
    var subscriptionHandle: SubscriptionHandle { SubscriptionHandle(weak: self) }
}

/// What an `EventSubscription` holds on to: its source, weakly (an event's store: a kept
/// subscription keeps no event alive) or strongly (a cancellation action, which nothing else
/// keeps). One per source, shared by its subscriptions.
@usableFromInline
final class SubscriptionHandle: Sendable {
    private weak let weakSource: (any SubscriptionSource)?
    private let ownedSource: (any SubscriptionSource)?

    /// A handle that does not keep `source` alive.
    @usableFromInline
    init(weak source: any SubscriptionSource) { (weakSource, ownedSource) = (source, nil) }

    /// A handle that keeps `source` alive: a cancellation action.
    init(owning source: any SubscriptionSource) { (weakSource, ownedSource) = (nil, source) }

    /// The source, if it still exists.
    var source: (any SubscriptionSource)? { ownedSource ?? weakSource }
}

/// A subscription source that runs a cancellation action once, then forgets it.
final class CancelAction: SubscriptionSource {
    private let action: Locked<(@Sendable () -> Void)?>

    init(_ action: @escaping @Sendable () -> Void) { self.action = Locked(action) }

    func remove(token: UInt64, slot: Int) -> Bool {
        // Taken under the lock so that two cancels race for it; run after unlocking.
        guard let action = action.withLock({ $0.take() }) else { return false }
        action()
        return true
    }

    func isActive(token: UInt64, slot: Int) -> Bool { action.withLock { $0 != nil } }
}
