// Where a local face makes its store, it says so here, and only here: a local store is reached
// only from its face's region (never through a `Sendable` value), so what its sends retire is
// reclaimed by those sends when they end, on their thread, never by the deferred reclaimer's
// thread (`HandlerStore.init(local:)`, `reclaimsOnSendExit`).

extension Event {
    /// An event whose store serves a local face only (``LocalEvent``, a parser's local faces):
    /// its sends, subscribes and cancels all run in that face's region.
    @inlinable
    convenience init(localStore: Void) { self.init(store: HandlerStore(local: ())) }
}

extension Decision {
    /// A decision whose store serves a local face only; see `Event.init(localStore:)`.
    @inlinable
    convenience init(
        localStore: Void, default: @escaping @Sendable () -> Answer,
        combine: @escaping @Sendable (Answer, Answer) -> Answer, stopWhen: (@Sendable (Answer) -> Bool)?
    ) {
        self.init(store: HandlerStore(local: ()), makeDefault: `default`, combine: combine, stopWhen: stopWhen)
    }
}
