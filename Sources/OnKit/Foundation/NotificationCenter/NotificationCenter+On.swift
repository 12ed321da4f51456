import Foundation

#if !canImport(ObjectiveC)
// On Apple platforms `NotificationCenter` is an `NSObject` and has `on`; in Linux Foundation it
// is a plain class (swift-foundation's), and OnKit gives it `on` here.
extension NotificationCenter: OnCompatible {}
#endif

/// Notifications as an OnKit event: `center.on.notification(name) { center, notification in }`.
///
/// ```swift
/// let center = NotificationCenter.default
/// let subscription = center.on.notification(.NSCalendarDayChanged) { _, notification in
///     print("a new day")
/// }
/// subscription.store(in: screen.on.lifetime)   // or subscription.cancel()
/// center.on.notification(.settingsChanged).subscribe(owner: screen) { screen, _, _ in screen.reload() }
/// ```
///
/// ## How it works
/// `notification(_:object:queue:)` returns a new event each time; while it has handlers it is
/// one block observer of the center (`addObserver(forName:object:queue:using:)`), removed with
/// `removeObserver(_:)` when its last handler goes (cancelled, its owner gone, a `once` handler
/// run), and added again if a handler comes back. Separate calls are independent observers:
/// cancelling on one never touches another, and the center does the multiplexing it is built
/// for. (Sharing one observer per name would need a reference count per name and object, and
/// could not honour a delivery queue per subscription.) Subscribe several handlers to one
/// returned event to have them share its observer: on a queue, they then run in one operation.
///
/// ## Delivery
/// - With `queue: nil` the handlers run synchronously on the posting thread. With a queue, they
///   run there as an operation, and the post waits until they have run (as Foundation's own
///   queue observers make it wait); a post made on that queue runs them inline. The post waits
///   for this observer only, not for the rest of the queue.
/// - With an `object`, posts by other objects never reach the queue: OnKit filters on the
///   posting thread first, then hops. (Letting Foundation hop first would make every post of
///   the name wait for the queue, and deadlock an operation on the queue that posts it.)
/// - Posts from several threads at once run the handlers concurrently, once per post.
/// - As with `removeObserver`, a post already running on another thread when `cancel()` is
///   called may still call the handler once.
///
/// ## Lifetime
/// - Discarding the `EventSubscription` does **not** remove the observer: the center keeps it (and
///   the handlers, and what they capture) until they are cancelled, their lifetime ends
///   (`store(in:)`), or their owner is gone (the `owner:` form, at the next notification), as
///   for every OnKit event.
/// - The `object` filter is held **weakly** on every platform (OnKit filters by identity
///   itself): once it is gone the event is finished, at the latest when the next notification
///   of that name arrives — its observer is removed with its handlers, and a later
///   registration on it is inactive at once — and a new object at the same address never
///   matches.
/// - The event holds the center weakly: keeping a subscription (or the event) never keeps the
///   center alive; once the center is gone its observers and handlers went with it, the
///   subscriptions are inactive (`isActive == false`; `cancel()` returns `false`), and a
///   registration on the event is inactive at once.
/// - With a `queue`, the observer holds the queue while it is registered.
///
/// ## `Notification` is not `Sendable` here
/// swift-corelibs-foundation marks `Notification`'s `Sendable` conformance unavailable (its
/// `object` and `userInfo` hold `Any`). OnKit only hands it to the handlers on the delivering
/// thread and never stores it or moves it to another thread, so the event has no `values` or
/// `next()` (they need `Sendable` arguments). To move its contents elsewhere, read the
/// `Sendable` parts (name, a user-info value of a known type) inside the handler.
extension On where Base: NotificationCenter {
    /// The notifications named `name` (every notification when `nil`) posted by `object` (by
    /// anyone when `nil`), delivered on `queue` (the posting thread when `nil`), as an event.
    ///
    /// ```swift
    /// center.on.notification(.settingsChanged).subscribe(owner: screen) { screen, center, notification in
    ///     screen.reload()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - name: the notification name to observe; `nil` observes all.
    ///   - object: only notifications posted with this object; held weakly.
    ///   - queue: where the handlers run; `nil` runs them on the posting thread.
    public func notification(
        _ name: Notification.Name?,
        object: AnyObject? = nil,
        queue: OperationQueue? = nil
    ) -> ReadOnlyEvent<Base, Notification> {
        NotificationObservation.source(base, name: name, object: object, queue: queue).face
    }

}

extension On where Base == NotificationCenter {
    /// Adds `handler` to a new `notification(_:object:queue:)` event: one observer, removed when
    /// the subscription is cancelled.
    ///
    /// For `NotificationCenter` itself; a subclass subscribes through the event,
    /// `center.on.notification(name).subscribe { center, notification in … }`. (Written for
    /// `Base: NotificationCenter`, this form crashed Swift 6.3's optimizer in release builds of
    /// the calling module: "SILFunction type mismatch", `_NativeClass` vs `AnyObject`.)
    ///
    /// - Returns: the subscription; cancelling it removes the observer.
    @discardableResult
    public func notification(
        _ name: Notification.Name?,
        object: AnyObject? = nil,
        queue: OperationQueue? = nil,
        _ handler: @escaping @Sendable (NotificationCenter, Notification) -> Void
    ) -> EventSubscription {
        notification(name, object: object, queue: queue).subscribe(handler)
    }
}
