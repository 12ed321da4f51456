/// The handlers of an adapter over a mechanism that should run only while someone listens (a
/// notification observer, a Dispatch source, a signal's disposition): it is started when the
/// first handler is added and stopped when the last one goes (cancelled, owner gone, one-shot
/// run), so that no observer, timer or disposition outlives its handlers.
///
/// Adapters hand out `face`, a `ReadOnlyEvent` like any other, so every callback gets the whole
/// surface (`owner:`, `once`, `-=`, `values`, `next()`). Subscriptions made through it cancel
/// here, which is how the last cancel stops the mechanism.
///
/// `start` gets this source, to send through (hold it only while running: the mechanism is what
/// keeps a source with handlers alive); it returns false when the mechanism cannot run any more
/// (its host is gone), which finishes the source. `start` and `stop` run under this source's lock, one at a time and in the order the handler
/// count asks for them, never with user code: they are the adapter's own calls into the system
/// (`addObserver`, `resume`, `sigaction`), none of which calls back into this source. A source
/// that `restarts` starts again when a handler comes back; one that does not (a Dispatch source
/// cannot be resumed once cancelled) is finished when it stops: later registrations are
/// inactive (see `HandlerStore.finish()`). `end()` finishes it from outside (a timer cancelled,
/// an observed object gone).
final class DemandSource<Sender, Args>: SubscriptionSource, HandlerRedirect {
    typealias Answer = Void

    private enum Phase { case idle, running, finished }

    let store = HandlerStore<Sender, Args, Void>()
    private let phase = Locked(Phase.idle)
    private let restarts: Bool
    private let start: @Sendable (DemandSource) -> Bool
    private let stop: @Sendable () -> Void

    init(
        restarts: Bool,
        start: @escaping @Sendable (DemandSource) -> Bool,
        stop: @escaping @Sendable () -> Void
    ) {
        self.restarts = restarts
        self.start = start
        self.stop = stop
    }

    /// The face handed to users: subscribing through it may start the mechanism.
    var face: ReadOnlyEvent<Sender, Args> { ReadOnlyEvent(HandlerStore(redirect: self)) }

    /// The face, keeping `host` alive as long as it lives: for a source owned by the object
    /// its mechanism needs (`try DispatchTimer.every(1).fired { … }` must find the timer).
    func face(holding host: some AnyObject & Sendable) -> ReadOnlyEvent<Sender, Args> {
        ReadOnlyEvent(HandlerStore(redirect: Holding(demand: self, host: host)))
    }

    private struct Holding: HandlerRedirect {
        let demand: DemandSource
        let host: any AnyObject & Sendable

        func insert(_ handler: StoredHandler<Sender, Args, Void>) -> EventSubscription {
            withExtendedLifetime(host) { demand.insert(handler) }
        }

        var source: any SubscriptionSource { demand }
        var count: Int { demand.count }
        func finish() { demand.end() }
    }

    /// Calls the handlers, then stops the mechanism if none is left (owners gone, one-shots run).
    func send(_ sender: Sender, _ args: Args) {
        store.invokeEach(sender, args) { _ in true }
        if store.count == 0 { update() }
    }

    /// Finishes the source: stops the mechanism if it runs, releases every handler, and makes
    /// later registrations inactive. Idempotent: true only for the call that finished it.
    @discardableResult
    func end() -> Bool {
        let ended = phase.withLock { phase in
            if phase == .running { stop() }
            defer { phase = .finished }
            return phase != .finished
        }
        store.finish()
        return ended
    }

    /// Whether the source has finished: it will never send again.
    var hasEnded: Bool { phase.withLock { $0 == .finished } }

    /// Starts or stops the mechanism to match the handler count, read under the lock so that
    /// racing adds and removes settle on the last word.
    private func update() {
        let finished = phase.withLock { phase in
            let wanted = store.count > 0
            switch (phase, wanted) {
            case (.idle, true):
                phase = start(self) ? .running : .finished
            case (.running, false):
                stop()
                phase = restarts ? .idle : .finished
            default:
                break
            }
            return phase == .finished
        }
        if finished { store.finish() }
    }

    // MARK: HandlerRedirect

    func insert(_ handler: StoredHandler<Sender, Args, Void>) -> EventSubscription {
        let added = store.insert(handler)
        update()
        return EventSubscription(token: added.token, slot: added.slot, source: self)
    }

    var source: any SubscriptionSource { self }
    var count: Int { store.count }
    func finish() { end() }

    // MARK: SubscriptionSource

    func remove(token: UInt64, slot: Int) -> Bool {
        let removed = store.remove(token: token, slot: slot)
        update()
        return removed
    }

    func isActive(token: UInt64, slot: Int) -> Bool {
        store.isActive(token: token, slot: slot)
    }
}
