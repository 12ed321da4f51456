import Foundation

#if !canImport(ObjectiveC)
// On Apple platforms `NotificationCenter` is an `NSObject` and has `on`; in Linux Foundation it
// is a plain class (swift-foundation's), and OnKit gives it `on` here.
extension NotificationCenter: OnCompatible {}
#endif

/// Notifications as an OnKit event:
/// `let observation = center.on.notification(name) { notification in … }` (also `{ }` and
/// `{ center, notification in }`), or
/// `center.on.notification(.settingsChanged).subscribe(owner: screen) { screen in screen.reload() }`.
/// With main-actor handlers, on the main queue: `center.on.notification(name, on: MainActor.self)`,
/// a ``MainActorEvent``:
/// `center.on.notification(.settingsChanged, on: MainActor.self).subscribe(owner: self) { screen in screen.reload() }`.
///
/// The center outlives every screen: a plain registration is not discardable
/// (``LongLivedSender``). Store the subscription, or use an `owner:` form.
///
/// ## How it works
/// Each `notification(_:object:queue:)` call returns a new event: while it has handlers it is one
/// block observer of the center, removed when its last handler goes and added again if one comes
/// back. Separate calls are independent observers; handlers of one returned event share its observer.
///
/// ## Delivery
/// - With `queue: nil` handlers run on the posting thread. With a queue they run there, and the
///   post waits for them (as for Foundation's queue observers); a post made on that queue runs
///   them inline, and so does a post made on the main queue (the main actor, or the main thread
///   outside other queues) for `queue: .main`, also on Linux, where `OperationQueue.current` is
///   `nil` there.
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
/// `Notification` is not `Sendable` on any platform (Apple's SDK marks the conformance
/// unavailable; swift-corelibs-foundation declares none), so in Swift 6 mode this event has no
/// plain `values` or `next()` on any platform. Their projecting forms take the `Sendable` parts
/// (name, a typed user-info value) where the notification is posted:
/// `center.on.notification(.orderPlaced).values { $0.userInfo?["id"] as? Int }`,
/// `try await center.on.notification(.orderPlaced).next { $0.userInfo?["id"] as? Int }`. Its
/// Combine `publisher` (Apple platforms) needs no `Sendable`.
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

    /// The notifications named `name` posted by `object`, as an event whose handlers run on the
    /// main actor, so they may touch main-actor state (see ``MainActorEvent``):
    /// `center.on.notification(.settingsChanged, on: MainActor.self).subscribe(owner: self) { screen in screen.reload() }`.
    ///
    /// The same observer as `notification(name, object: object, queue: .main)`: a post made on the
    /// main actor runs the handlers at once, a post from another thread waits for the main queue.
    public func notification(
        _ name: Notification.Name?, object: AnyObject? = nil, on _: MainActor.Type
    ) -> MainActorEvent<Base, Notification> {
        MainActorEvent(mainQueueEvent: notification(name, object: object, queue: .main))
    }
}

extension On where Base == NotificationCenter {
    /// Adds `handler` to a new `notification(_:object:queue:)` event: one observer, removed when
    /// the returned subscription is cancelled.
    ///
    /// For `NotificationCenter` itself; a subclass subscribes through the event,
    /// `center.on.notification(name).subscribe { notification in … }` (for `Base: NotificationCenter`, this
    /// form crashes Swift 6.3's release optimizer in the calling module).
    public func notification(
        _ name: Notification.Name?, object: AnyObject? = nil, queue: OperationQueue? = nil,
        _ handler: @escaping @Sendable (NotificationCenter, Notification) -> Void
    ) -> EventSubscription {
        notification(name, object: object, queue: queue).subscribe(handler)
    }

    // The lighter shapes and the main-actor forms, one overload each: a trailing closure on a
    // method call never reaches `callAsFunction` on the event `notification(_:object:queue:)`
    // returns.

    /// Adds `handler`, which gets the notification, to a new `notification(_:object:queue:)`
    /// event: `let observation = center.on.notification(.settingsChanged) { notification in print(notification.name) }`.
    public func notification(
        _ name: Notification.Name?, object: AnyObject? = nil, queue: OperationQueue? = nil,
        _ handler: @escaping @Sendable (Notification) -> Void
    ) -> EventSubscription {
        notification(name, object: object, queue: queue, ignoringSender(handler))
    }

    /// Adds `handler`, which gets nothing, to a new `notification(_:object:queue:)` event:
    /// `let observation = center.on.notification(.settingsChanged) { print("settings changed") }`.
    public func notification(
        _ name: Notification.Name?, object: AnyObject? = nil, queue: OperationQueue? = nil,
        _ handler: @escaping @Sendable () -> Void
    ) -> EventSubscription {
        notification(name, object: object, queue: queue, ignoringParameters(handler))
    }

    /// Adds `handler` to a new `notification(_:object:on:)` event, which calls it on the main
    /// actor, so it may touch main-actor state:
    /// `observation = center.on.notification(.settingsChanged, on: MainActor.self) { center, notification in print(notification.name) }`.
    ///
    /// A post made on the main actor runs it at once; a post from another thread waits for the
    /// main queue to run it, as Foundation's observers on `OperationQueue.main` make it wait (do
    /// not post from a thread the main actor is waiting for).
    public func notification(
        _ name: Notification.Name?, object: AnyObject? = nil, on _: MainActor.Type,
        _ handler: @escaping @MainActor @Sendable (NotificationCenter, Notification) -> Void
    ) -> EventSubscription {
        notification(name, object: object, on: MainActor.self).subscribe(handler)
    }

    /// Adds `handler`, which gets the notification, on the main actor; see `notification(_:object:on:_:)`:
    /// `observation = center.on.notification(.settingsChanged, on: MainActor.self) { notification in print(notification.name) }`.
    public func notification(
        _ name: Notification.Name?, object: AnyObject? = nil, on _: MainActor.Type,
        _ handler: @escaping @MainActor @Sendable (Notification) -> Void
    ) -> EventSubscription {
        notification(name, object: object, on: MainActor.self) { _, notification in handler(notification) }
    }

    /// Adds `handler`, which gets nothing, on the main actor; see `notification(_:object:on:_:)`:
    /// `observation = center.on.notification(.settingsChanged, on: MainActor.self) { print("settings changed") }`.
    public func notification(
        _ name: Notification.Name?, object: AnyObject? = nil, on _: MainActor.Type,
        _ handler: @escaping @MainActor @Sendable () -> Void
    ) -> EventSubscription {
        notification(name, object: object, on: MainActor.self) { _, _ in handler() }
    }
}
