#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The handlers of an adapter over a mechanism that should run only while someone listens (an
/// observer, a Dispatch source, a signal's disposition): started by the first handler, stopped
/// when the last goes (cancelled, owner gone, one-shot run). Adapters hand out `face`, a
/// `ReadOnlyEvent` whose subscriptions cancel here.
///
/// `start` gets this source to send through (the running mechanism is what keeps it alive) and
/// returns false when the mechanism cannot run any more (host gone), which finishes the source.
/// `start` and `stop` run one at a time, in the order the handler count asks, and never under a
/// lock: they call the system (`addObserver`, `resume`, `sigaction`) and release what the
/// mechanism held (an observer's block, a sentinel whose `deinit` may end this source), so they
/// may re-enter. One thread at a time settles the phase (`settle()`); another thread that finds it
/// settling waits until it is done (so a registration returns with the mechanism running: a
/// signal's disposition is in place), while the settling thread itself, re-entering from what
/// `start` or `stop` released, leaves the work to its own loop. A source that does not
/// `restarts` (a cancelled Dispatch source cannot resume) is finished when it stops: later
/// registrations are inactive. `end()` finishes it from outside.
final class DemandSource<Sender, Args>: SubscriptionSource, HandlerRedirect {
    typealias Answer = Void

    private struct Phase {
        enum State { case idle, running, finished }
        var state = State.idle
        /// `end()` was called: stop if running, then finish.
        var ending = false
        /// A thread is running `settle()`'s loop (starting or stopping, outside the lock).
        var settling = false
        /// Which thread, while `settling`.
        var settler: pthread_t?
    }

    /// What `settle()` does next, after unlocking.
    private enum Step { case start, stop, finish, none }

    let store = HandlerStore<Sender, Args, Void>()
    private let phase = Locked(Phase())
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
    /// The check takes no lock: only a removal (which this send made, or another writer) empties
    /// the store, and `settle()` decides under the lock.
    func send(_ sender: Sender, _ args: Args) {
        store.invokeEach(sender, args) { _ in true }
        if store.isEmpty { settle() }
    }

    /// Stops the mechanism, releases every handler, makes later registrations inactive; true
    /// only for the call that finished it. Called from inside `start` or `stop` (something they
    /// released ended the source), the settling loop stops the mechanism when it gets back there.
    @discardableResult
    func end() -> Bool {
        let first = phase.withLock { phase in
            defer { phase.ending = true }
            return !phase.ending && phase.state != .finished
        }
        settle()
        store.finish()
        return first
    }

    /// Whether the source has finished: it will never send again.
    var hasEnded: Bool { phase.withLock { $0.ending || $0.state == .finished } }

    /// Starts or stops the mechanism until it matches the handlers (and `end()`), one thread at a
    /// time, calling `start` and `stop` after unlocking. The count is read with no lock.
    private func settle() {
        while true {
            let claim = phase.withLock { phase -> Bool? in
                if !phase.settling {
                    (phase.settling, phase.settler) = (true, pthread_self())
                    return true
                }
                // This thread is the settler, re-entering from `start` or `stop`: its loop looks
                // again before it stops. Another thread waits for it (start and stop are short).
                return phase.settler.map { pthread_equal($0, pthread_self()) != 0 } == true ? false : nil
            }
            if claim == true { break }
            if claim == false { return }
            sched_yield()
        }
        while true {
            let step = phase.withLock { phase -> Step in
                let wanted = !store.isEmpty
                switch phase.state {
                case .idle where phase.ending:
                    phase.state = .finished
                    return .finish
                case .idle where wanted: return .start
                case .running where phase.ending || !wanted: return .stop
                default:
                    (phase.settling, phase.settler) = (false, nil)
                    return .none
                }
            }
            switch step {
            case .start:
                let started = start(self)
                phase.withLock { $0.state = started ? .running : .finished }
                if !started { return finishSettling() }
            case .stop:
                stop()
                let finished = phase.withLock { phase in
                    phase.state = restarts && !phase.ending ? .idle : .finished
                    return phase.state == .finished
                }
                if finished { return finishSettling() }
            case .finish:
                return finishSettling()
            case .none:
                return
            }
        }
    }

    /// Ends the settling loop of a source that just finished, after releasing its handlers: a
    /// thread that waited for this one then registers on a finished store (inactive), never on
    /// one about to be emptied (active for a moment on a stopped timer). A handler's deinit that
    /// ends this source meanwhile re-enters as the settler and returns at once.
    private func finishSettling() {
        store.finish()
        phase.withLock { ($0.settling, $0.settler) = (false, nil) }
    }

    // MARK: HandlerRedirect

    func insert(_ handler: StoredHandler<Sender, Args, Void>) -> EventSubscription {
        let added = store.insert(handler)
        settle()
        return EventSubscription(token: added.token, slot: added.slot, source: self)
    }

    var source: any SubscriptionSource { self }
    var count: Int { store.count }
    func finish() { end() }

    // MARK: SubscriptionSource

    func remove(token: UInt64, slot: Int) -> Bool {
        defer { settle() }
        return store.remove(token: token, slot: slot)
    }

    func isActive(token: UInt64, slot: Int) -> Bool { store.isActive(token: token, slot: slot) }
}
