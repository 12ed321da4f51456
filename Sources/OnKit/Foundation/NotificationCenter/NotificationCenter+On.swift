import Foundation

#if !canImport(ObjectiveC)
// On Apple platforms `NotificationCenter` is an `NSObject` and has `on`; in Linux Foundation it
// is a plain class (swift-foundation's), and OnKit gives it `on` here.
extension NotificationCenter: OnCompatible {}
#endif

/// Notifications as typed closures: `center.on.notification(name) { notification in }`.
///
/// ```swift
/// let center = NotificationCenter.default
/// let subscription = center.on.notification(.NSCalendarDayChanged) { notification in
///     print("a new day")
/// }
/// subscription.store(in: screen.on.lifetime)   // or subscription.cancel()
/// ```
///
/// ## How it works
/// Each subscription is one block observer of the center (`addObserver(forName:object:queue:using:)`),
/// removed with `removeObserver(_:)` when the subscription is cancelled. Subscriptions to the same
/// name are independent observers: cancelling one never touches another, and the center does the
/// multiplexing it is built for. (Sharing one observer per name through an OnKit `Event` would
/// need a reference count per name and object, and could not honour a delivery queue per
/// subscription; one observer per subscription keeps removal exact.)
///
/// ## Delivery
/// - With `queue: nil` the handler runs synchronously on the posting thread. With a queue, it
///   runs there as an operation, and the post waits until it has run (as Foundation's own queue
///   observers make it wait); a post made on that queue runs it inline. The post waits for this
///   handler only, not for the rest of the queue.
/// - With an `object`, posts by other objects never reach the queue: OnKit filters on the
///   posting thread first, then hops. (Letting Foundation hop first would make every post of
///   the name wait for the queue, and deadlock an operation on the queue that posts it.)
/// - Posts from several threads at once run the handler concurrently, once per post.
/// - As with `removeObserver`, a post already running on another thread when `cancel()` is
///   called may still call the handler once.
///
/// ## Lifetime
/// - Discarding the `Subscription` does **not** remove the observer: the center keeps it (and
///   the handler, and what it captures) until it is cancelled, its lifetime ends
///   (`store(in:)`), or its owner is gone (the `owner:` form), as for every OnKit event.
/// - The `object` filter is held **weakly** on every platform (OnKit filters by identity
///   itself): once it is gone the observer is removed, at the latest when the next
///   notification of that name arrives, and a new object at the same address never matches.
/// - The subscription holds the center weakly (and the center's small observer token): keeping
///   it never keeps the center alive, and once the center is gone its handlers go too, and the
///   subscription is inactive (`isActive == false`; `cancel()` returns `false`).
/// - With a `queue`, the observer holds the queue until the subscription ends.
///
/// ## `Notification` is not `Sendable` here
/// swift-corelibs-foundation marks `Notification`'s `Sendable` conformance unavailable (its
/// `object` and `userInfo` hold `Any`). OnKit only hands it to the handler on the delivering
/// thread and never stores it or moves it to another thread. To move its contents elsewhere,
/// read the `Sendable` parts (name, a user-info value of a known type) inside the handler.
extension On where Base: NotificationCenter {
    /// Calls `handler` for every notification named `name` (every notification when `nil`)
    /// posted by `object` (by anyone when `nil`), on `queue` (the posting thread when `nil`).
    ///
    /// - Parameters:
    ///   - name: the notification name to observe; `nil` observes all.
    ///   - object: only notifications posted with this object; held weakly.
    ///   - queue: where the handler runs; `nil` runs it on the posting thread.
    /// - Returns: the subscription; cancelling it removes the observer.
    @discardableResult
    public func notification(
        _ name: Notification.Name?,
        object: AnyObject? = nil,
        queue: OperationQueue? = nil,
        _ handler: @escaping @Sendable (Notification) -> Void
    ) -> Subscription {
        NotificationObservation.observe(base, name: name, object: object, queue: queue) { notification in
            handler(notification)
            return true
        }
    }

    /// Calls `handler` with `owner` for every matching notification while `owner` lives.
    ///
    /// `owner` is held weakly and handed back, so the handler need not capture it. Once `owner`
    /// is gone the handler is never called again, and the observer is removed (with the
    /// handler) when the next matching notification arrives, or at `cancel()`.
    ///
    /// ```swift
    /// center.on.notification(.settingsChanged, owner: screen) { screen, notification in
    ///     screen.reload()
    /// }
    /// ```
    @discardableResult
    public func notification<Owner: AnyObject & Sendable>(
        _ name: Notification.Name?,
        object: AnyObject? = nil,
        queue: OperationQueue? = nil,
        owner: Owner,
        _ handler: @escaping @Sendable (Owner, Notification) -> Void
    ) -> Subscription {
        NotificationObservation.observe(base, name: name, object: object, queue: queue) {
            [weak owner] notification in
            guard let owner else { return false }
            handler(owner, notification)
            return true
        }
    }
}
