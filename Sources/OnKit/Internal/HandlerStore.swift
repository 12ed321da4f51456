import Synchronization

/// Subscription tokens: unique in the process (subscriptions of different events never compare
/// equal) and increasing within one store (which keeps its slots sorted).
private let nextToken = Atomic<UInt64>(1)

/// Hands out a fresh subscription token.
@usableFromInline
func makeSubscriptionToken() -> UInt64 {
    nextToken.wrappingAdd(1, ordering: .relaxed).oldValue
}

/// The machinery shared by `Event` and `Decision`: an ordered list of handlers under a lock,
/// called outside the lock from a snapshot (semantics documented on `Event.send`). A handler
/// added during a call is not run by it; one removed before it, or during it on the calling
/// thread, is not either: every removal bumps `removals`, and a call that sees a new value
/// continues in a fresh snapshot.
@usableFromInline
final class HandlerStore<Sender, Args, Result>: SubscriptionSource {
    @usableFromInline typealias Handler = StoredHandler<Sender, Args, Result>
    @usableFromInline typealias List = HandlerList<Sender, Args, Result>

    @usableFromInline let list = Locked(List())
    /// Bumped under the lock by every removal; read without it by running sends.
    @usableFromInline let removals = Atomic<UInt64>(0)

    /// `removeNow(token:slot:)` specialized where the event is made (by the inlinable `init`):
    /// through the `SubscriptionSource` witness, generic code would look up type metadata at
    /// every step (~4,500 instructions per cancel).
    @usableFromInline let specializedRemove: @Sendable (HandlerStore, UInt64, Int) -> Bool

    /// Where handlers really go, for a face typed otherwise than its store (see `HandlerRedirect`);
    /// `nil` for a store that keeps its own handlers.
    @usableFromInline let redirect: (any HandlerRedirect<Sender, Args, Result>)?

    @inlinable init() {
        specializedRemove = { store, token, slot in store.removeNow(token: token, slot: slot) }
        redirect = nil
    }

    /// A store that keeps nothing: every handler goes to `redirect`.
    init(redirect: any HandlerRedirect<Sender, Args, Result>) {
        specializedRemove = { _, _, _ in false }
        self.redirect = redirect
    }

    /// The store subscriptions made here belong to.
    var subscriptionSource: any SubscriptionSource { redirect?.source ?? self }

    // MARK: Subscribing

    /// Adds a handler at the end, first releasing those that can never run again (owner gone).
    /// Inlinable, with all it calls, to run specialized. On a finished store it adds nothing: the
    /// subscription is inactive from the start.
    @inlinable
    func insert(_ handler: Handler) -> EventSubscription {
        if let redirect { return redirect.insert(handler) }
        let (token, index, released) = list.withLock { list in
            let token = makeSubscriptionToken()
            guard !list.isFinished else { return (token, 0, []) }
            let released = list.removeFinished()
            if !released.isEmpty { removals.add(1, ordering: .relaxed) }
            return (token, list.append(token: token, handler: handler), released)
        }
        withExtendedLifetime(released) {}  // released here, after the lock
        return EventSubscription(token: token, slot: index, source: self)
    }

    /// Ends the source for good: removes every handler, and later inserts return inactive
    /// subscriptions. The one rule for a finished source (an event gone behind a read-only face,
    /// a timer invalidated, a watch ended): a handler that could never run is released at once,
    /// and a waiting `next()` ends with `SourceEndedError`.
    @usableFromInline
    func finish() {
        if let redirect { return redirect.finish() }
        let removed = list.withLock { list in
            list.isFinished = true
            removals.add(1, ordering: .relaxed)
            return list.removeAll()
        }
        withExtendedLifetime(removed) {}
    }

    // MARK: SubscriptionSource

    @usableFromInline
    func remove(token: UInt64, slot: Int) -> Bool {
        specializedRemove(self, token, slot)
    }

    /// Removes the handler; true only if it could still have run (a one-shot handler that has
    /// started is released, but reports `false`).
    @inlinable
    func removeNow(token: UInt64, slot: Int) -> Bool {
        let removed = list.withLock { list in
            let removed = list.remove(token: token, hint: slot)
            if removed != nil { removals.add(1, ordering: .relaxed) }
            return removed
        }
        guard let removed else { return false }
        return !removed.hasRun  // the handler is released here, after the lock
    }

    @usableFromInline
    func isActive(token: UInt64, slot: Int) -> Bool {
        list.withLock { $0.contains(token: token, hint: slot) }
    }

    /// Removes handlers that finished during a call (one-shot ran, owner gone).
    @usableFromInline
    func removeFinished(_ tokens: ContiguousArray<UInt64>) {
        remove { list in tokens.compactMap { list.remove(token: $0, hint: Int.max) } }
    }

    /// Removes every handler that can never run again, wherever it is (owner gone).
    @usableFromInline
    func removeFinished() { remove { $0.removeFinished() } }

    @usableFromInline
    func removeAll() { remove { $0.removeAll() } }

    /// Takes out what `body` removes, tells running sends (`removals`) if anything went, and
    /// releases it after unlocking (deinits may run user code).
    private func remove(_ body: (inout List) -> some Collection & Sendable) {
        let removed = list.withLock { list in
            let removed = body(&list)
            if !removed.isEmpty { removals.add(1, ordering: .relaxed) }
            return removed
        }
        withExtendedLifetime(removed) {}
    }

    /// Handlers registered and not cancelled (including owner-bound ones not yet released).
    @usableFromInline
    var count: Int { redirect?.count ?? list.withLock { $0.liveCount } }

    /// How many slots the list has room for: what it keeps in memory (for tests).
    var capacity: Int { list.withLock { $0.capacity } }

    // MARK: Calling

    /// What a call starts from: a snapshot of the slots or, when the only handler is a plain
    /// closure (the common case), that closure (one retain instead of two, no stamp to watch).
    @inlinable
    func start() -> (only: (@Sendable (Sender, Args) -> Result)?, slots: ContiguousArray<List.Slot>?, stamp: UInt64) {
        list.withLock { list in
            if list.slots.count == 1, let call = list.slots[0].handler.plain { return (call, nil, 0) }
            return (nil, list.slots, removals.load(ordering: .relaxed))
        }
    }

    /// Calls every live handler in order; `consume` gets each result and returns false to stop.
    ///
    /// Each handler is copied out of the snapshot before it is called, so one that cancels
    /// itself stays alive until it returns. The snapshot shares the list's buffer, which the
    /// list copies before changing it: nothing writes what a send reads.
    @inlinable
    func invokeEach(_ sender: Sender, _ args: Args, _ consume: (Result) -> Bool) {
        let (only, first, firstStamp) = start()
        if let only {
            _ = consume(only(sender, args))
            return
        }
        guard var slots = consume first else { return }
        var stamp = firstStamp
        var end = slots.count
        guard end > 0 else { return }
        let limit = slots[end - 1].token
        // Optional, so that a send where nothing finished does not even release an empty array.
        var finished: ContiguousArray<UInt64>?
        var stopped = false
        var index = 0
        while index < end {
            if removals.load(ordering: .relaxed) != stamp {
                // Something was removed since the snapshot: continue in a fresh one, from the
                // same token, never past the last handler of the first (later ones were added).
                let token = slots[index].token
                (slots, stamp) = list.withLock { list in (list.slots, removals.load(ordering: .relaxed)) }
                index = slots.firstIndex(ofTokenAtLeast: token, below: slots.count)
                end = slots.firstIndex(ofTokenAtLeast: limit &+ 1, below: slots.count)
                continue
            }
            let current = index
            index += 1
            if let call = slots[current].handler.plain {
                if !consume(call(sender, args)) { stopped = true }
            } else {
                switch slots[current].handler.special {
                case .owned(let owned)?:
                    guard let owner = owned.owner else {
                        let token = slots[current].token
                        if finished?.append(token) == nil { finished = [token] }
                        continue
                    }
                    if !consume(owned.call(owner, sender, args)) { stopped = true }
                case .once(let once)?:
                    guard once.claim() else { continue }
                    let token = slots[current].token
                    if finished?.append(token) == nil { finished = [token] }
                    if !consume(once.call(sender, args)) { stopped = true }
                case nil:
                    continue
                }
            }
            if stopped { break }
        }
        if let finished { removeFinished(finished) }
        // Stopping early left later handlers unvisited: release those that finished too (owner
        // gone), as a full call would have. Only `Decision.ask` stops; `send` never does.
        if stopped { removeFinished() }
    }
}
