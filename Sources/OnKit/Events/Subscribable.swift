/// What handlers subscribe to. ``Event``, ``Decision`` and their read-only faces
/// (``ReadOnlyEvent``, ``ReadOnlyDecision``) share this one surface, and so does every adapter
/// callback (`parser.on.didStartElement`, `cache.on.willEvict()`, …).
///
/// ```swift
/// let subscription = thermostat.temperatureChanged { print($0) }
/// thermostat.temperatureChanged += { celsius in print(celsius) }   // the same
/// thermostat.temperatureChanged.once { celsius in print("first:", celsius) }
/// thermostat.temperatureChanged -= subscription
/// ```
///
/// Handlers get the sender and the arguments of each call; for a `Decision` they return an
/// `Answer` (for an `Event`, `Answer` is `Void`). Lighter shapes — `{ }`, `{ value in }`, and
/// `{ sender, a, b in }` for several values — are in `Subscribable+Shapes.swift`; two parameters
/// always mean the sender and the arguments. Every member is safe from any thread; the
/// re-entrancy and threading rules are `Event`'s.
public protocol Subscribable<Sender, Args, Answer>: Sendable {
    /// What sends: handlers get it first, with its real type.
    associatedtype Sender
    /// What each call carries besides the sender.
    associatedtype Args
    /// What each handler answers: `Void` for events.
    associatedtype Answer

    /// The subscribe-only face of this source, on which every member of the surface is built.
    var readOnly: ReadOnlyDecision<Sender, Args, Answer> { get }
}

// The forms that take a closure are `@_disfavoredOverload`: where the sender is `MainActorBound`,
// the `@MainActor` forms of `Subscribable+MainActor.swift` must win, so that a handler may touch
// main-actor state; elsewhere they are the only forms and the attribute changes nothing.
extension Subscribable {
    /// A handler: gets the sender and the arguments, returns its answer (`Void` for events).
    public typealias Handler = @Sendable (Sender, Args) -> Answer

    /// Adds `handler`, called on every later call until cancelled.
    ///
    /// The handler is `@Sendable` and runs on the sending thread. One that touches main-actor
    /// state ("call to main actor-isolated … in a synchronous nonisolated context") needs a
    /// sender marked ``MainActorBound``, whose sources take `@MainActor` handlers.
    ///
    /// - Returns: the subscription, to cancel it. Discarding it keeps the handler registered.
    @discardableResult @inlinable @_disfavoredOverload
    public func subscribe(_ handler: @escaping @Sendable (Sender, Args) -> Answer) -> EventSubscription {
        readOnly.store.insert(.plain(handler))
    }

    /// Adds a handler bound to `owner`, which is held weakly and handed back on every call.
    ///
    /// Once `owner` is gone the handler is never called again, and its closure is released no
    /// later than the next call or subscribe here. (For that, while a source has owner-bound or
    /// one-shot handlers, each subscribe checks them: O(n) rather than O(1).) `owner` must be
    /// `Sendable`: it is handed to the handler on whichever thread calls (a `@MainActor` owner's
    /// state is reachable only where the sender is ``MainActorBound``):
    /// `thermostat.temperatureChanged.subscribe(owner: screen) { screen, _, celsius in screen.show(celsius) }`.
    ///
    /// The owner is weak only as the handler's parameter: a closure that writes `self` (or the
    /// owner's name from outside) instead of the owner it is handed captures it strongly, and
    /// keeps it alive as long as the source.
    @discardableResult @inlinable @_disfavoredOverload
    public func subscribe<Owner: AnyObject & Sendable>(
        owner: Owner, _ handler: @escaping @Sendable (Owner, Sender, Args) -> Answer
    ) -> EventSubscription {
        readOnly.store.insert(.owned(OwnedHandler(owner: owner, handler: handler)))
    }

    /// Adds a handler that runs at most once, even when several threads call at the same time;
    /// it is inactive from the moment it starts, and removed when that call ends.
    @discardableResult @inlinable @_disfavoredOverload
    public func once(_ handler: @escaping @Sendable (Sender, Args) -> Answer) -> EventSubscription {
        readOnly.store.insert(.once(OnceHandler(handler)))
    }

    /// Adds `handler`; same as `subscribe(_:)`, so that a source reads as a method:
    /// `parser.on.didStartElement { parser, element in … }`.
    @discardableResult @inlinable @_disfavoredOverload
    public func callAsFunction(_ handler: @escaping @Sendable (Sender, Args) -> Answer) -> EventSubscription {
        subscribe(handler)
    }

    /// Adds a handler bound to `owner`; same as `subscribe(owner:_:)`.
    @discardableResult @inlinable @_disfavoredOverload
    public func callAsFunction<Owner: AnyObject & Sendable>(
        owner: Owner, _ handler: @escaping @Sendable (Owner, Sender, Args) -> Answer
    ) -> EventSubscription {
        subscribe(owner: owner, handler)
    }

    /// Removes the handler of `subscription` if it was made here.
    ///
    /// - Returns: `true` if it was removed now; `false` if it was already removed or was made on
    ///   another source (which is left untouched).
    @discardableResult
    public func unsubscribe(_ subscription: EventSubscription) -> Bool {
        subscription.belongs(to: readOnly.store.subscriptionSource) && subscription.cancel()
    }

    /// The number of registered handlers.
    public var subscriberCount: Int { readOnly.store.count }

    /// Adds `handler`; same as `subscribe(_:)`.
    @discardableResult @inlinable @_disfavoredOverload
    public static func += (source: Self, handler: @escaping @Sendable (Sender, Args) -> Answer) -> EventSubscription {
        source.subscribe(handler)
    }

    /// Removes the handler of `subscription`; same as `unsubscribe(_:)`.
    @discardableResult
    public static func -= (source: Self, subscription: EventSubscription) -> Bool { source.unsubscribe(subscription) }

    /// Ends the source for good, for an adapter whose mechanism has ended (a session
    /// invalidated): every handler is released, and every later registration is inactive at once.
    @_spi(OnKitInternal) public func finish() { readOnly.store.finish() }
}
