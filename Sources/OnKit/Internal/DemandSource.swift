/// The handlers of an adapter over a mechanism that should run only while someone listens (an
/// observer, a Dispatch source, a signal's disposition): started by the first handler, stopped
/// when the last goes (cancelled, owner gone, one-shot run). Adapters hand out `face`, a
/// `ReadOnlyEvent` whose subscriptions cancel here.
///
/// `start` gets this source to send through (the running mechanism is what keeps it alive) and
/// returns false when the mechanism cannot run any more (host gone), which finishes the source.
/// `start` and `stop` run under the lock, in the order the handler count asks, and only call the
/// system (`addObserver`, `resume`, `sigaction`), never user code. A source that does not
/// `restarts` (a cancelled Dispatch source cannot resume) is finished when it stops: later
/// registrations are inactive. `end()` finishes it from outside.
final class DemandSource<Sender, Args>: SubscriptionSource, HandlerRedirect {
    typealias Answer = Void

    private enum Phase { case idle, running, finished }

    let store = HandlerStore<Sender, Args, Void>()
    private let phase = Locked(Phase.idle)
    private let restarts: Bool
    private let start: @Sendable (DemandSource) -> Bool
    private let stop: @Sendable () -> Void

    init(restarts: Bool, start: @escaping @Sendable (DemandSource) -> Bool, stop: @escaping @Sendable () -> Void) {
        (self.restarts, self.start, self.stop) = (restarts, start, stop)
    }

    /// The face handed to users: subscribing through it may start the mechanism.
    var face: ReadOnlyEvent<Sender, Args> { ReadOnlyEvent(HandlerStore(redirect: self)) }

    /// The face, keeping alive `host`, the owner of this source that the mechanism needs
    /// (`try DispatchTimer.every(1).fired { … }` must find the timer).
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

    /// Stops the mechanism, releases every handler, makes later registrations inactive; true
    /// only for the call that finished it.
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

    /// Starts or stops the mechanism to match the handler count, read under the lock so racing
    /// adds and removes settle on the last word.
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
        defer { update() }
        return store.remove(token: token, slot: slot)
    }

    func isActive(token: UInt64, slot: Int) -> Bool { store.isActive(token: token, slot: slot) }
}
