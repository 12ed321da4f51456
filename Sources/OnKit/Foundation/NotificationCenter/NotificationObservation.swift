import Foundation

/// The registration behind `center.on.notification`: one block observer per subscription.
///
/// The observer is always registered with `object: nil` and `queue: nil`, so its block runs on
/// the posting thread for every post of the name, and does two cheap things there before
/// anything else:
/// - it filters on `object` through a weak reference, so the rule is the same on every
///   Foundation (older swift-corelibs-foundation retained the object until removal, and every
///   Foundation matches by address, so a new object at a dead one's address would match), and a
///   dead object's observer goes away at the next post of the name;
/// - only then, for a post that matches, it hops to `queue` itself.
///
/// Letting Foundation hop (`addObserver(…, queue: queue)`) would run every post of the name, by
/// any object, through `queue` before the filter could reject it: a post by an unrelated object
/// would wait for a busy queue, and an operation on `queue` waiting for such a post would
/// deadlock. Here posts that do not match never touch the queue.
///
/// The hop keeps Foundation's synchronous semantics: a post waits until the handler has run on
/// the queue (as Apple's Foundation and swift-corelibs-foundation do for their own queue
/// observers), and a post made on the queue itself runs the handler inline rather than waiting
/// for itself. It waits for this handler only, not for everything else on the queue
/// (swift-corelibs-foundation waits with `waitUntilAllOperationsAreFinished()`).
enum NotificationObservation {
    /// Adds a block observer that filters on `object` (weakly), hops to `queue`, and calls
    /// `deliver`, which returns false when the subscription can never deliver again (its owner
    /// is gone); the observer is then removed.
    static func observe(
        _ center: NotificationCenter,
        name: Notification.Name?,
        object: AnyObject?,
        queue: OperationQueue?,
        deliver: @escaping @Sendable (Notification) -> Bool
    ) -> Subscription {
        let filter = object.map(WeakIdentity.init)
        let registration = NotificationRegistration(center: center)
        let run: @Sendable (Notification) -> Void = { notification in
            if !deliver(notification) { registration.remove() }
        }
        let observer = center.addObserver(forName: name, object: nil, queue: nil) { notification in
            if let filter {
                guard filter.isAlive else {
                    registration.remove()
                    return
                }
                guard let posted = notification.object, filter.refers(to: posted as AnyObject) else {
                    return
                }
            }
            guard let queue, OperationQueue.current !== queue else { return run(notification) }
            let handed = PostedNotification(notification)
            queue.addOperations([BlockOperation { run(handed.notification) }], waitUntilFinished: true)
        }
        registration.install(ObserverToken(observer))
        return Subscription(retaining: registration)
    }
}

/// One observer's registration: the center (weakly) and its token, until removed.
///
/// The subscription's source. It is active while the observer is registered *and* the center
/// lives: once the center is gone its observers went with it, so a subscription never looks
/// alive on a dead center, and `cancel()` then reports that it removed nothing.
private final class NotificationRegistration: SubscriptionSource {
    private enum State {
        /// Registered, token not stored yet; `removeRequested` if removal came first (a post
        /// that arrived during `addObserver` found the owner or the object gone).
        case registering(removeRequested: Bool)
        case registered(ObserverToken)
        case removed
    }

    private weak let center: NotificationCenter?
    private let state = Locked(State.registering(removeRequested: false))

    init(center: NotificationCenter) {
        self.center = center
    }

    /// Stores the token; removes the observer at once if removal was already requested.
    func install(_ token: ObserverToken) {
        let removeNow = state.withLock { state in
            guard case .registering(let removeRequested) = state else { return false }
            state = removeRequested ? .removed : .registered(token)
            return removeRequested
        }
        if removeNow { center?.removeObserver(token.observer) }
    }

    /// Removes the observer (and with it the handler); true if this call removed it from a
    /// living center.
    @discardableResult
    func remove() -> Bool {
        let token: ObserverToken? = state.withLock { state in
            switch state {
            case .registering:
                state = .registering(removeRequested: true)
                return nil
            case .registered(let token):
                state = .removed
                return token
            case .removed:
                return nil
            }
        }
        guard let token, let center else { return false }
        center.removeObserver(token.observer)
        return true
    }

    func remove(token: UInt64, slot: Int) -> Bool { remove() }

    func isActive(token: UInt64, slot: Int) -> Bool {
        guard center != nil else { return false }
        return state.withLock { state in
            switch state {
            case .registering(let removeRequested): !removeRequested
            case .registered: true
            case .removed: false
            }
        }
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

/// A notification handed from the posting thread to the observer's queue.
private struct PostedNotification: @unchecked Sendable {
    // @unchecked is sound: the posting thread hands it over and waits (`waitUntilFinished`)
    // without touching it until the queue's operation has run, so only one thread uses it at
    // a time; Foundation's own queue observers hand it over the same way.
    let notification: Notification

    init(_ notification: Notification) {
        self.notification = notification
    }
}
