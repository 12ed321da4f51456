/// A typed multicast event: the closure replacement for the observer pattern.
///
/// Handlers receive the sender with its real type, so no handler has to capture the sender
/// (the classic retain cycle).
///
/// ```swift
/// final class Boiler: Sendable {
///     let temperatureChanged = Event<Boiler, Double>()
///
///     func heat(to celsius: Double) { temperatureChanged.send(self, celsius) }
/// }
///
/// let boiler = Boiler()
/// let subscription = boiler.temperatureChanged += { celsius in
///     print(celsius)
/// }
/// boiler.heat(to: 22)                 // prints 22.0
/// boiler.temperatureChanged -= subscription
/// ```
///
/// ## Semantics
/// Subscribing is the ``Subscribable`` surface, shared with decisions and every adapter callback;
/// the full rules are in <doc:Semantics>.
///
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
/// - Discarding the returned `EventSubscription` does not remove the handler: it lives as long as
///   the event (see ``EventSubscription``, ``Lifetime``, `subscribe(owner:_:)`).
///
/// ## Who may send
/// `send` is public on `Event`. To let others subscribe but not send (as a .NET `event` does),
/// keep the `Event` private and expose its `readOnly` face, a ``ReadOnlyEvent``.
public final class Event<Sender, Args>: Subscribable {
    @usableFromInline let store: HandlerStore<Sender, Args, Void>

    /// Creates an event with no handlers.
    ///
    /// A convenience initializer, inlinable so that the store is made (and specialized) where the
    /// types are known; the designated one is not, so that the module also builds with library
    /// evolution (an XCFramework), where an inlinable initializer must delegate.
    @inlinable
    public convenience init() { self.init(store: HandlerStore()) }

    @usableFromInline
    init(store: HandlerStore<Sender, Args, Void>) { self.store = store }

    /// Releases the handlers even where a read-only face still holds the store, so that waits on
    /// a face (`values`, `next()`) end with the event, and refuses later registrations through it.
    deinit { store.finish() }

    /// Calls every handler with `sender` and `args`, in order, on this thread.
    ///
    /// Sending with no handlers does nothing. See the type's documentation for re-entrancy.
    @inlinable @inline(__always)
    public func send(_ sender: Sender, _ args: Args) { store.invokeEach(sender, args) { _ in true } }

    /// Removes every handler.
    public func removeAll() { store.removeAll() }

    /// A face of this event that can subscribe but not send.
    @inlinable
    public var readOnly: ReadOnlyEvent<Sender, Args> { ReadOnlyEvent(store) }
}

extension Event where Sender == Void {
    /// Sends `args` on an event that has no sender.
    @inlinable
    public func send(_ args: Args) { send((), args) }
}

extension Event where Args == Void {
    /// Sends on an event that carries no arguments.
    @inlinable
    public func send(_ sender: Sender) { send(sender, ()) }
}

extension Event where Sender == Void, Args == Void {
    /// Sends on an event that has neither a sender nor arguments: `event.send()`.
    @inlinable
    public func send() { send((), ()) }

    /// Sends on an event that has neither a sender nor arguments; same as `send()`.
    @inlinable
    public func send(_: Void) { send((), ()) }
}
