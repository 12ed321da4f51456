import Foundation

/// The registration behind `center.on.notification`: one block observer per subscription.
enum NotificationObservation {
    /// Adds a block observer that filters on `object` (weakly) and calls `deliver`, which
    /// returns false when the subscription can never deliver again (its owner is gone); the
    /// observer is then removed.
    static func observe(
        _ center: NotificationCenter,
        name: Notification.Name?,
        object: AnyObject?,
        queue: OperationQueue?,
        deliver: @escaping @Sendable (Notification) -> Bool
    ) -> Subscription {
        let filter = object.map(WeakIdentity.init)
        // Filled in right after registration; a notification that arrives before that is
        // delivered normally, and removal (owner or object gone) waits for the next one.
        let removal = Locked<Subscription?>(nil)
        let removeSelf: @Sendable () -> Void = {
            removal.withLock { $0 }?.cancel()
        }
        // `object: nil` here: OnKit filters by identity itself, through a weak reference, so
        // the rule is the same on every Foundation (older swift-corelibs-foundation retained
        // the object until removal), a dead object's observer goes away, and a new object at a
        // dead one's address never matches.
        let observer = center.addObserver(forName: name, object: nil, queue: queue) { notification in
            if let filter {
                guard filter.isAlive else { return removeSelf() }
                guard let posted = notification.object, filter.refers(to: posted as AnyObject) else {
                    return
                }
            }
            if !deliver(notification) { removeSelf() }
        }
        let token = ObserverToken(observer)
        let subscription = Subscription { [weak center] in
            center?.removeObserver(token.observer)
        }
        removal.withLock { $0 = subscription }
        return subscription
    }
}

/// The center's observer token, kept to remove the observer.
///
/// Held strongly: in current swift-corelibs-foundation the token (`_NSNotificationObserverToken`)
/// is not retained by the center, so a weak reference would be gone at once.
private final class ObserverToken: @unchecked Sendable {
    // @unchecked is sound: the reference is immutable and only ever passed to
    // `NotificationCenter.removeObserver(_:)`, which is thread-safe.
    let observer: any NSObjectProtocol

    init(_ observer: any NSObjectProtocol) {
        self.observer = observer
    }
}
