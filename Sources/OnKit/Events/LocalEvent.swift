/// An event for one thread or one actor: its handlers may capture and mutate non-`Sendable`
/// state with no lock, because the event itself is not `Sendable` (see ``LocalSubscribable``).
/// For an event shared across threads, use ``Event``.
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
/// Sending, subscribing and re-entrancy follow ``Event``'s rules.
public final class LocalEvent<Sender, Args>: LocalSubscribable {
    @usableFromInline let event: Event<Sender, Args>

    @usableFromInline
    init(event: Event<Sender, Args>) { self.event = event }

    /// Creates an event with no handlers. (Inlinable, delegating: a library-evolution build
    /// allows no other inlinable class initializer.)
    @inlinable
    public convenience init() { self.init(event: Event()) }

    /// Calls every handler with `sender` and `args`, in order, on this thread.
    @inlinable
    public func send(_ sender: Sender, _ args: Args) { event.send(sender, args) }

    /// Removes every handler.
    public func removeAll() { event.removeAll() }

    /// The `Sendable` face of the same handlers (`values`, `next()`, `@Sendable` handlers).
    public var shared: ReadOnlyDecision<Sender, Args, Void> { event.readOnly }

    /// A face of this event that can subscribe but not send.
    public var readOnly: ReadOnlyLocalEvent<Sender, Args> { ReadOnlyLocalEvent(event.readOnly) }
}

/// Deliberately not `Sendable` (see ``LocalSubscribable``).
@available(*, unavailable)
extension LocalEvent: Sendable {}

extension LocalEvent where Args == Void {
    /// Sends on an event that carries no arguments.
    @inlinable
    public func send(_ sender: Sender) { send(sender, ()) }
}
