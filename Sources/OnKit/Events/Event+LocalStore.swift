// Stub for the lead's HandlerStore: where a local face makes its store, it says so here, and only
// here. A local store is reached only from its face's region (never through a `Sendable` value),
// so it must reclaim what its own sends retire on their thread, at send exit: it takes
// `HandlerStore(reclaimsOnSendExit: true)` once that initializer exists (today's store already
// collects at send exit, on the sending thread).

extension Event {
    /// An event whose store serves a local face only (``LocalEvent``, a parser's local faces):
    /// its sends, subscribes and cancels all run in that face's region.
    @inlinable
    convenience init(localStore: Void) { self.init(store: HandlerStore()) }
}

extension Decision {
    /// A decision whose store serves a local face only; see `Event.init(localStore:)`.
    @inlinable
    convenience init(
        localStore: Void, default: @escaping @Sendable () -> Answer,
        combine: @escaping @Sendable (Answer, Answer) -> Answer, stopWhen: (@Sendable (Answer) -> Bool)?
    ) {
        self.init(store: HandlerStore(), makeDefault: `default`, combine: combine, stopWhen: stopWhen)
    }
}
