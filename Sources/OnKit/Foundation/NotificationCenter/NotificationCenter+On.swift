import Foundation

#if !canImport(ObjectiveC)
// On Apple platforms `NotificationCenter` is an `NSObject` and has `on`; in Linux Foundation it
// is a plain class (swift-foundation's), and OnKit gives it `on` here.
extension NotificationCenter: OnCompatible {}
#endif

/// Notifications as an OnKit event: `center.on.notification(name) { center, notification in … }`, or
/// `center.on.notification(.settingsChanged).subscribe(owner: screen) { screen in screen.reload() }`.
///
/// ## How it works
/// Each `notification(_:object:queue:)` call returns a new event: while it has handlers it is one
/// block observer of the center, removed when its last handler goes and added again if one comes
/// back. Separate calls are independent observers; handlers of one returned event share its observer.
///
/// ## Delivery
/// - With `queue: nil` handlers run on the posting thread. With a queue they run there, and the
///   post waits for them (as for Foundation's queue observers); a post made on that queue runs
///   them inline.
/// - With an `object`, posts by other objects never reach the queue: OnKit filters on the
///   posting thread, then hops (a Foundation hop would make every post of the name wait for the
///   queue, and deadlock an operation on it that posts).
/// - Concurrent posts run the handlers concurrently. As with `removeObserver`, a post already
///   running on another thread when `cancel()` is called may still call the handler once.
///
/// ## Lifetime
/// - Discarding the `EventSubscription` does **not** remove the observer, as for every OnKit event.
/// - `object` is held **weakly** on every platform and matched by identity: once it is gone the
///   event finishes (at the latest at the next post of the name), and a new object at the same
///   address never matches.
/// - The center is held weakly: once it is gone its subscriptions are inactive, and so is a new
///   registration. With a `queue`, the observer holds the queue.
///
/// `Notification` is not `Sendable` in swift-corelibs-foundation, so this event has no `values`
/// or `next()`: read the `Sendable` parts (name, a typed user-info value) inside the handler.
extension On where Base: NotificationCenter {
    /// The notifications named `name` (every notification when `nil`) posted by `object` (by
    /// anyone when `nil`), delivered on `queue` (the posting thread when `nil`), as an event.
    ///
    /// - Parameters:
    ///   - name: the notification name to observe; `nil` observes all.
    ///   - object: only notifications posted with this object; held weakly.
    ///   - queue: where the handlers run; `nil` runs them on the posting thread.
    public func notification(
        _ name: Notification.Name?, object: AnyObject? = nil, queue: OperationQueue? = nil
    ) -> ReadOnlyEvent<Base, Notification> {
        NotificationObservation.source(base, name: name, object: object, queue: queue).face
    }
}

extension On where Base == NotificationCenter {
    /// Adds `handler` to a new `notification(_:object:queue:)` event: one observer, removed when
    /// the returned subscription is cancelled.
    ///
    /// For `NotificationCenter` itself; a subclass subscribes through the event,
    /// `center.on.notification(name).subscribe { notification in … }` (for `Base: NotificationCenter`, this
    /// form crashes Swift 6.3's release optimizer in the calling module).
    @discardableResult
    public func notification(
        _ name: Notification.Name?, object: AnyObject? = nil, queue: OperationQueue? = nil,
        _ handler: @escaping @Sendable (NotificationCenter, Notification) -> Void
    ) -> EventSubscription {
        notification(name, object: object, queue: queue).subscribe(handler)
    }
}
