/// An event for one thread or one actor: its handlers may capture and mutate non-`Sendable`
/// state with no lock, because the event itself is not `Sendable` (see
/// ``ReadOnlyLocalDecision``, whose surface it has). For an event shared across threads, use
/// ``Event``.
///
/// ```swift
/// final class Download {   // not Sendable: used where it was made
///     let progressed = LocalEvent<Download, Double>()
/// }
///
/// var last = 0.0
/// download.progressed { last = $0 }
/// download.progressed.send(download, 0.5)   // last == 0.5
/// ```
///
/// Sending, subscribing and re-entrancy follow ``Event``'s rules. Registrations return a
/// ``LocalSubscription``, cancelled where it was made. `send` calls the local handlers first,
/// then those of the `Sendable` face (``ReadOnlyLocalDecision/shared``). Handlers still
/// registered are released with the event, where its last reference goes: in its region.
public final class LocalEvent<Sender, Args>: ReadOnlyLocalDecision<Sender, Args, Void> {
    /// The local handlers: only this event, its faces and their subscriptions reach them.
    @usableFromInline let localHandlers: Event<Sender, Args>
    /// The `Sendable` face's handlers.
    @usableFromInline let sharedHandlers: Event<Sender, Args>

    @usableFromInline
    init(localHandlers: Event<Sender, Args>, sharedHandlers: Event<Sender, Args>) {
        self.localHandlers = localHandlers
        self.sharedHandlers = sharedHandlers
        super.init(local: localHandlers.readOnly, shared: sharedHandlers.readOnly)
    }

    /// Creates an event with no handlers. (Inlinable, delegating: a library-evolution build
    /// allows no other inlinable class initializer.)
    @inlinable
    public convenience init() { self.init(localHandlers: Event(localStore: ()), sharedHandlers: Event()) }

    /// Calls every handler with `sender` and `args`, in order, on this thread: the local ones,
    /// then the `Sendable` face's.
    @inlinable
    public func send(_ sender: Sender, _ args: Args) {
        localHandlers.send(sender, args)
        sharedHandlers.send(sender, args)
    }

    /// Removes every handler, local and shared.
    public func removeAll() {
        localHandlers.removeAll()
        sharedHandlers.removeAll()
    }
}

extension LocalEvent where Args == Void {
    /// Sends on an event that carries no arguments.
    @inlinable
    public func send(_ sender: Sender) { send(sender, ()) }
}
