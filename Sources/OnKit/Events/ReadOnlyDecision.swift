/// The subscribe-only face of a ``Decision``: everything but `ask` (see ``Subscribable``).
/// Expose this where others may answer but only the owner may ask, as ``ReadOnlyEvent`` shows.
///
/// Frozen: a face is its store and nothing else, and subscribing reads it inline.
@frozen
public struct ReadOnlyDecision<Sender, Args, Answer>: Subscribable {
    /// Where the handlers are.
    @usableFromInline let store: HandlerStore<Sender, Args, Answer>

    @inlinable
    init(_ store: HandlerStore<Sender, Args, Answer>) { self.store = store }

    /// This face itself.
    @inlinable
    public var readOnly: ReadOnlyDecision { self }
}

/// The subscribe-only face of an ``Event``: everything but `send` (see ``Subscribable``).
///
/// Expose this where others may listen but only the owner may send:
///
/// ```swift
/// final class Hatch: Sendable {
///     private let openedEvent = Event<Hatch, Int>()
///     var opened: ReadOnlyEvent<Hatch, Int> { openedEvent.readOnly }
///
///     func open(angle: Int) { openedEvent.send(self, angle) }
/// }
///
/// hatch.opened { angle in print("opened \(angle)°") }
/// ```
public typealias ReadOnlyEvent<Sender, Args> = ReadOnlyDecision<Sender, Args, Void>

extension ReadOnlyDecision {
    /// The face of a source that has ended (or never could send): every registration is
    /// inactive at once and its handler released (see `HandlerStore.finish()`).
    @_spi(OnKitInternal) public static var finished: ReadOnlyDecision {
        let store = HandlerStore<Sender, Args, Answer>()
        store.finish()
        return ReadOnlyDecision(store)
    }
}
