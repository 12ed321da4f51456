/// A typed multicast event: the closure replacement for the observer pattern.
///
/// Handlers receive the sender with its real type, so no handler has to capture the sender
/// (the classic retain cycle).
///
/// ```swift
/// final class Thermostat {
///     let temperatureChanged = Event<Thermostat, Double>()
///     var temperature = 20.0 { didSet { temperatureChanged.send(self, temperature) } }
/// }
///
/// let thermostat = Thermostat()
/// let subscription = thermostat.temperatureChanged += { thermostat, celsius in print(celsius) }
/// thermostat.temperature = 22       // prints 22.0
/// thermostat.temperatureChanged -= subscription
/// ```
///
/// ## Semantics
/// - Any number of handlers; `send` calls them synchronously, on the sending thread, in the
///   order they were added. No lock is held while a handler runs, so a handler may subscribe,
///   cancel, or send on this or any other event.
/// - A handler added while a send runs is not called by that send.
/// - A handler cancelled before a send starts is not called by it; nor is one cancelled during a
///   send *on the sending thread* (by itself or by an earlier handler). A send already running on
///   another thread when `cancel()` is called may still call the handler, at most once.
/// - A handler that sends again on the same event runs a nested send to completion, with the
///   same rules, before the outer send goes on.
/// - Subscribe, cancel and send are safe from any thread at the same time. Handlers are
///   `@Sendable` for that reason: they run on whichever thread sends.
/// - Discarding the returned `Subscription` does not remove the handler: it lives as long as
///   the event (see `Subscription`, `Lifetime`, `subscribe(owner:_:)`).
///
/// ## Who may send
/// `send` is public on `Event`. To let others subscribe but not send (as a .NET `event` does),
/// keep the `Event` private and expose its `readOnly` face:
///
/// ```swift
/// final class Door {
///     private let openedEvent = Event<Door, Int>()
///     var opened: ReadOnlyEvent<Door, Int> { openedEvent.readOnly }
/// }
/// ```
public final class Event<Sender, Args>: Sendable {
    /// A handler: gets the sender and the arguments of each send.
    public typealias Handler = @Sendable (Sender, Args) -> Void

    @usableFromInline let store = HandlerStore<Sender, Args, Void>()

    /// Creates an event with no handlers.
    @inlinable
    public init() {}

    /// Adds `handler`, called on every later send until cancelled.
    ///
    /// - Returns: the subscription, to cancel it. Discarding it keeps the handler registered.
    @discardableResult @inlinable
    public func subscribe(_ handler: @escaping Handler) -> Subscription {
        store.subscribeAction(handler)
    }

    /// Adds a handler bound to `owner`, which is held weakly and handed back on every call.
    ///
    /// Once `owner` is gone the handler is never called again, and its closure is released no
    /// later than the next send or subscribe on this event. (For that, while an event has
    /// owner-bound or one-shot handlers, each subscribe checks them: O(n) rather than O(1).)
    /// `owner` must be `Sendable`: it is handed to the handler on whichever thread sends.
    ///
    /// ```swift
    /// thermostat.temperatureChanged.subscribe(owner: screen) { screen, thermostat, celsius in
    ///     screen.show(celsius)
    /// }
    /// ```
    @discardableResult @inlinable
    public func subscribe<Owner: AnyObject & Sendable>(
        owner: Owner,
        _ handler: @escaping @Sendable (Owner, Sender, Args) -> Void
    ) -> Subscription {
        store.subscribe(owner: owner, handler)
    }

    /// Adds a handler that runs at most once, even when several threads send at the same time;
    /// it is removed when it runs.
    @discardableResult @inlinable
    public func once(_ handler: @escaping Handler) -> Subscription {
        store.once(handler)
    }

    /// Calls every handler with `sender` and `args`, in order, on this thread.
    ///
    /// Sending with no handlers does nothing. See the type's documentation for re-entrancy.
    @inlinable
    public func send(_ sender: Sender, _ args: Args) {
        store.invokeEach(sender, args) { _ in true }
    }

    /// Removes the handler of `subscription` if it belongs to this event.
    ///
    /// - Returns: `true` if it was removed now; `false` if it was already removed or belongs to
    ///   another event (which is left untouched).
    @discardableResult
    public func unsubscribe(_ subscription: Subscription) -> Bool {
        subscription.belongs(to: store) && subscription.cancel()
    }

    /// Removes every handler.
    public func removeAll() {
        store.removeAll()
    }

    /// The number of registered handlers.
    public var subscriberCount: Int { store.count }

    /// A face of this event that can subscribe but not send.
    public var readOnly: ReadOnlyEvent<Sender, Args> { ReadOnlyEvent(self) }

    /// Adds `handler`; same as `subscribe(_:)`.
    @discardableResult @inlinable
    public static func += (event: Event, handler: @escaping Handler) -> Subscription {
        event.subscribe(handler)
    }

    /// Removes the handler of `subscription`; same as `unsubscribe(_:)`.
    @discardableResult
    public static func -= (event: Event, subscription: Subscription) -> Bool {
        event.unsubscribe(subscription)
    }
}

extension Event where Sender == Void {
    /// Sends `args` on an event that has no sender.
    @inlinable
    public func send(_ args: Args) {
        send((), args)
    }
}

extension Event where Args == Void {
    /// Sends on an event that carries no arguments.
    @inlinable
    public func send(_ sender: Sender) {
        send(sender, ())
    }
}

extension Event where Sender == Void, Args == Void {
    /// Sends on an event that has neither a sender nor arguments: `event.send()`.
    @inlinable
    public func send() {
        send((), ())
    }

    /// Sends on an event that has neither a sender nor arguments; same as `send()`.
    @inlinable
    public func send(_: Void) {
        send((), ())
    }
}
