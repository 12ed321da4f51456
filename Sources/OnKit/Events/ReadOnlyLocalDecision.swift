/// The subscribe-only face of a host that calls back synchronously on the thread that drives it
/// (`parser.on.didStartElement`): its handlers may capture local state (see ``LocalSubscribable``).
/// Not `Sendable`, so that the compiler keeps it, its handlers and its host in one region.
///
/// The properties of the `Sendable` face read through: `parser.on.didStartElement.values`,
/// `.publisher`.
@dynamicMemberLookup @frozen
public struct ReadOnlyLocalDecision<Sender, Args, Answer>: LocalSubscribable {
    /// The `Sendable` face of the same handlers.
    public let shared: ReadOnlyDecision<Sender, Args, Answer>

    /// The local face of `shared`'s handlers. Only for a host that calls its handlers on the
    /// thread that drives it and is not `Sendable` (see ``LocalSubscribable``).
    @inlinable
    public init(_ shared: ReadOnlyDecision<Sender, Args, Answer>) { self.shared = shared }

    /// A property of the `Sendable` face (``shared``): `values`, `publisher`.
    public subscript<Value>(dynamicMember property: KeyPath<ReadOnlyDecision<Sender, Args, Answer>, Value>) -> Value {
        shared[keyPath: property]
    }
}

/// The face is deliberately not `Sendable`: region-based isolation is what makes its handlers
/// sound (``LocalSubscribable``).
@available(*, unavailable)
extension ReadOnlyLocalDecision: Sendable {}

/// The subscribe-only face of a ``LocalEvent`` or of a synchronous host's callback.
public typealias ReadOnlyLocalEvent<Sender, Args> = ReadOnlyLocalDecision<Sender, Args, Void>
