/// The subscribe-only face of an `Event`: everything but `send`.
///
/// Expose this where others may listen but only the owner may send:
///
/// ```swift
/// final class Door {
///     private let openedEvent = Event<Door, Int>()
///     var opened: ReadOnlyEvent<Door, Int> { openedEvent.readOnly }
///     func open(angle: Int) { openedEvent.send(self, angle) }
/// }
/// door.opened += { door, angle in print(angle) }
/// ```
public struct ReadOnlyEvent<Sender, Args>: Sendable {
    @usableFromInline let event: Event<Sender, Args>

    init(_ event: Event<Sender, Args>) {
        self.event = event
    }

    /// See `Event.subscribe(_:)`.
    @discardableResult
    public func subscribe(_ handler: @escaping Event<Sender, Args>.Handler) -> Subscription {
        event.subscribe(handler)
    }

    /// See `Event.subscribe(owner:_:)`.
    @discardableResult
    public func subscribe<Owner: AnyObject & Sendable>(
        owner: Owner,
        _ handler: @escaping @Sendable (Owner, Sender, Args) -> Void
    ) -> Subscription {
        event.subscribe(owner: owner, handler)
    }

    /// See `Event.once(_:)`.
    @discardableResult
    public func once(_ handler: @escaping Event<Sender, Args>.Handler) -> Subscription {
        event.once(handler)
    }

    /// See `Event.unsubscribe(_:)`.
    @discardableResult
    public func unsubscribe(_ subscription: Subscription) -> Bool {
        event.unsubscribe(subscription)
    }

    /// The number of registered handlers.
    public var subscriberCount: Int { event.subscriberCount }

    /// Adds `handler`; same as `subscribe(_:)`.
    @discardableResult
    public static func += (
        event: ReadOnlyEvent,
        handler: @escaping Event<Sender, Args>.Handler
    ) -> Subscription {
        event.subscribe(handler)
    }

    /// Removes the handler of `subscription`; same as `unsubscribe(_:)`.
    @discardableResult
    public static func -= (event: ReadOnlyEvent, subscription: Subscription) -> Bool {
        event.unsubscribe(subscription)
    }
}

extension ReadOnlyEvent where Args: Sendable {
    /// See `Event.values`.
    public var values: AsyncStream<Args> { event.values }

    /// See `Event.values(bufferingPolicy:)`.
    public func values(
        bufferingPolicy: AsyncStream<Args>.Continuation.BufferingPolicy
    ) -> AsyncStream<Args> {
        event.values(bufferingPolicy: bufferingPolicy)
    }
}
