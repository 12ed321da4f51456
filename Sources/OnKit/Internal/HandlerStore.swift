import Synchronization

/// Tokens for sources that keep no `HandlerStore` (an `EventSubscription(onCancel:)`, an
/// observation loop's subscribers): unique in the process. A store numbers its own subscriptions
/// (`HandlerStore.nextToken()`), with no shared counter to write.
private let nextToken = Atomic<UInt64>(1)

/// Hands out a fresh token, unique in the process.
@usableFromInline
func makeSubscriptionToken() -> UInt64 {
    nextToken.wrappingAdd(1, ordering: .relaxed).oldValue
}

/// The machinery shared by `Event` and `Decision`: an ordered list of handlers that a send reads
/// with no lock (semantics documented on `Event.send`).
///
/// ## How a send reads
/// The handlers are in an append-only `HandlerList`, published through one atomic word
/// (`published`). A send names that list in one of its own thread's hazard slots
/// (`ReadHazards`), checks that it is still the published one, reads `count`, then the store's
/// `version`, writes that version into its slot, and calls each handler whose word is not 0 in
/// place, in its slot, retaining nothing. It writes only its own slot: two threads sending
/// on one event share no written cache line. It takes no lock, except to remove a one-shot
/// handler that ran or an owner-bound one whose owner it found gone.
///
/// ## How writers change it (under `state`'s lock)
/// - Subscribe stores the new handler's token into `version`, then appends a slot in place
///   (O(1)); a full list is replaced by a new one, twice the live count, holding only the live
///   slots (amortized O(1)).
/// - Cancel writes 0 into the handler's word, in place, in the published list and in every
///   retired list a send may still read (so a send on the cancelling thread, whatever list it
///   reads, skips it), then stores a fresh token into `version`, and retires the handler (the
///   store's copy moves out of the slot; the bits stay for sends still reading them). Once
///   tombstones outnumber live handlers (and exceed 16), the list is compacted into a new one
///   (amortized O(1)); with no handler left, the list stays published, flagged empty, while it
///   has room and few tombstones (see `published`), else nothing is published and it is retired.
/// - Retired lists and handlers are freed by `collect(_:)`, at the end of the same critical section,
///   unless a send may still reach them; what stays is freed by the next write here, or by
///   `DeferredReclaimer` (a shared store) or the send that pinned it, when it ends (a local
///   store, whose sends and writes all happen on its one thread).
///
/// ## Where a cancelled handler's closure is released
/// Before `cancel()` returns, unless a send that began before the cancel is still running on
/// another thread (or on this one: the handler cancelled itself); sends that begin after the
/// cancel never hold it. Then, once those sends have returned, at the next subscribe or cancel
/// here, or within about `DeferredReclaimer.interval` on the reclaimer's thread; for a local
/// store, when the send that held it returns, on its thread. A send blocked in a handler (a
/// modal run loop) pins only the handlers that were live when it began and this event's list
/// it reads, never another event's nor later ones.
///
/// ## Never user code under the lock
/// Nothing the lock protects runs user code: handlers, lists and everything a critical section
/// retires leave it in `HandlerGarbage`, freed after unlocking. Owners are never loaded under the
/// lock: the owners' check (`finishedTokens()`) reads the list as a send does.
@usableFromInline
final class HandlerStore<Sender, Args, Result>: SubscriptionSource {
    @usableFromInline typealias Handler = StoredHandler<Sender, Args, Result>
    @usableFromInline typealias List = HandlerList<Sender, Args, Result>
    @usableFromInline typealias State = HandlerStoreState<Sender, Args, Result>
    @usableFromInline typealias Garbage = HandlerGarbage<Sender, Args, Result>

    /// The published list's address (0: no list), with flags in the low bits (lists are 16-byte
    /// aligned): `pendingBit` while a local store's retired lists or handlers wait for its send to
    /// leave, `finishableBit` while owner-bound or one-shot handlers are registered, `emptyBit`
    /// while the list holds tombstones only. Written only under the lock.
    ///
    /// A list whose last handler was removed stays published, marked empty, while it has room and
    /// few tombstones: the next subscribe appends to it (an event whose one handler comes and goes,
    /// as a reused cell's does, neither retires nor publishes a list each time).
    @usableFromInline let published = Atomic<UInt>(0)
    @usableFromInline static var pendingBit: UInt { 1 }
    @usableFromInline static var finishableBit: UInt { 2 }
    @usableFromInline static var emptyBit: UInt { 4 }
    @usableFromInline static var flags: UInt { 7 }

    /// The token of the last handler added, or a fresh token taken after the last removal:
    /// increasing. A send reads it after the list's count, so a handler whose token is above it
    /// was not visible to that send, and one removed at a version at or below it was already
    /// cleared for it (see `collect(_:)`). Written only under the lock.
    ///
    /// Tokens are this store's own: the next one is this value plus one (`nextToken()`), so a
    /// subscribe or cancel writes no counter that every store shares. A subscription is told
    /// apart from another store's by its handle (`EventSubscription.==`).
    @usableFromInline let version = Atomic<UInt64>(0)

    /// A fresh token or version stamp (writers only, under the lock: only they write `version`,
    /// and each fresh value is stored there before the lock is released).
    @inlinable func nextToken() -> UInt64 { version.load(ordering: .relaxed) + 1 }

    /// Whether retired handlers are reclaimed by the send that pinned them, when it ends, on its
    /// thread: a local source's (its handlers' captures must be released where they live, never
    /// by the deferred reclaimer's thread). A shared store's sends never lock for that.
    @usableFromInline let reclaimsOnSendExit: Bool

    @usableFromInline let state: Locked<State>

    /// The writes that non-inlinable code starts (a cancel through the `SubscriptionSource`
    /// witness, an event's `deinit`), specialized where the event is made (by the inlinable
    /// `init`): generic code would look up type metadata at every step (~4,500 instructions per
    /// cancel, ~3,000 per handler when an event with many handlers goes).
    @usableFromInline let specialized: @Sendable (HandlerStore, SpecializedWrite) -> Bool

    /// Where handlers really go, for a face typed otherwise than its store (see `HandlerRedirect`);
    /// `nil` for a store that keeps its own handlers. Boxed: one word in every store instead of
    /// an existential's five, allocated only by the few stores that redirect (an empty event is
    /// made by the thousand: 32 bytes less each).
    @usableFromInline let redirectBox: RedirectBox<Sender, Args, Result>?

    /// The redirect, if any (see `redirectBox`).
    @inlinable var redirect: (any HandlerRedirect<Sender, Args, Result>)? { redirectBox?.redirect }

    @usableFromInline
    init(
        specialized: @escaping @Sendable (HandlerStore, SpecializedWrite) -> Bool,
        redirect: (any HandlerRedirect<Sender, Args, Result>)?,
        reclaimsOnSendExit: Bool = false
    ) {
        state = Locked(State())
        self.specialized = specialized
        redirectBox = redirect.map(RedirectBox.init)
        self.reclaimsOnSendExit = reclaimsOnSendExit
    }

    /// A store that keeps its own handlers. Inlinable, so that `specialized` is made where the
    /// types are known.
    @inlinable convenience init() {
        self.init(specialized: { store, write in store.perform(write) }, redirect: nil)
    }

    /// A store for one thread (a local source): what its sends pin, they free when they end.
    @inlinable convenience init(local: Void) {
        self.init(specialized: { store, write in store.perform(write) }, redirect: nil, reclaimsOnSendExit: true)
    }

    /// A store that keeps nothing: every handler goes to `redirect`.
    convenience init(redirect: any HandlerRedirect<Sender, Args, Result>) {
        self.init(specialized: { _, _ in false }, redirect: redirect)
    }

    /// Runs `write` (through `specialized`).
    @inlinable
    func perform(_ write: SpecializedWrite) -> Bool {
        switch write {
        case .remove(let token, let slot):
            return removeNow(token: token, slot: slot)
        case .finish:
            update { state in
                state.isFinished = true
                retireAll(&state)
            }
        case .removeAll:
            update { retireAll(&$0) }
        }
        return true
    }

    /// No send can run (each holds the store), so everything goes now, after unlocking.
    deinit {
        let garbage = state.withLock { state in
            var garbage = Garbage()
            if let list = current {
                for index in 0..<list.count where list.word(at: index) != 0 {
                    garbage.append(list.takeHandler(at: index))
                }
                garbage.append(list: list.address)
            }
            for list in state.retiredLists { garbage.append(list: list) }
            for retired in state.retiredHandlers { garbage.append(retired.handler) }
            if state.spare != 0 { garbage.append(list: state.spare) }
            state = State()
            return garbage
        }
        garbage.freeLists()
    }

    /// The store subscriptions made here belong to.
    var subscriptionSource: any SubscriptionSource { redirect?.source ?? self }

    // MARK: Subscribing

    /// Adds a handler at the end, first releasing those that can never run again (owner gone).
    /// Inlinable, to run specialized. On a finished store it adds nothing: the subscription is
    /// inactive from the start.
    @inlinable
    func insert(_ handler: Handler) -> EventSubscription {
        if let redirect { return redirect.insert(handler) }
        if published.load(ordering: .relaxed) & Self.finishableBit != 0, let finished = finishedTokens() {
            removeFinished(finished)
        }
        let (token, index, handle, garbage) = state.withLock { state in
            let token = nextToken()
            let handle = sharedHandle(&state)
            guard !state.isFinished else {
                version.store(token, ordering: .relaxed)  // used: the next inactive subscription differs
                return (token, 0, handle, Garbage?.none)
            }
            return (token, append(handler, token: token, &state), handle, collect(&state))
        }
        release(garbage)
        return EventSubscription(token: token, slot: index, handle: handle)
    }

    /// Ends the source for good: removes every handler, and later inserts return inactive
    /// subscriptions. The one rule for a finished source (an event gone behind a read-only face,
    /// a timer invalidated, a watch ended): a handler that could never run is released at once,
    /// and a waiting `next()` ends with `SourceEndedError`.
    @usableFromInline
    func finish() {
        if let redirect { return redirect.finish() }
        _ = specialized(self, .finish)
    }

    /// Finishes the store (as `finish()`) only if no handler is registered, in one step with
    /// `insert`: answers whether it did. So a handler inserted later gets an inactive
    /// subscription and is released by the inserting call, on its thread; one inserted before
    /// keeps the store from finishing. (A parser's local callbacks on Linux, `LocalProxyCallback`.)
    func finishIfEmpty() -> Bool {
        guard redirect == nil else { return false }
        var finished = false
        update { state in
            guard state.live == 0 else { return }
            state.isFinished = true
            retireAll(&state)
            finished = true
        }
        return finished
    }

    // MARK: SubscriptionSource

    /// The handle this store's subscriptions share, made by the first subscribe.
    @inlinable
    func sharedHandle(_ state: inout State) -> SubscriptionHandle {
        if let handle = state.handle { return handle }
        let handle = SubscriptionHandle(weak: self)
        state.handle = handle
        return handle
    }

    @usableFromInline
    var subscriptionHandle: SubscriptionHandle { state.withLock { sharedHandle(&$0) } }

    @usableFromInline
    func remove(token: UInt64, slot: Int) -> Bool {
        specialized(self, .remove(token: token, slot: slot))
    }

    /// Removes the handler; true only if it could still have run (a one-shot handler that has
    /// started is released, but reports `false`).
    @inlinable
    func removeNow(token: UInt64, slot: Int) -> Bool {
        let (hadRun, garbage) = state.withLock { state -> (Bool?, Garbage?) in
            guard let list = current, let index = list.index(of: token, hint: slot), list.word(at: index) != 0 else {
                return (nil, nil)
            }
            let hadRun = retire(index, of: list, &state)
            compactIfSparse(&state)
            return (hadRun, collect(&state))
        }
        release(garbage)  // the handler is released here, after the lock (if no send holds it)
        guard let hadRun else { return false }
        return !hadRun
    }

    @usableFromInline
    func isActive(token: UInt64, slot: Int) -> Bool {
        state.withLock { _ in
            guard let list = current, let index = list.index(of: token, hint: slot) else { return false }
            let word = list.word(at: index)
            return word != 0 && !list.handler(at: index).pointee.hasRun
        }
    }

    /// Removes handlers that finished during a call (one-shot ran, owner gone).
    @usableFromInline
    func removeFinished(_ tokens: ContiguousArray<UInt64>) {
        update { state in
            guard let list = current else { return }
            for token in tokens {
                if let index = list.index(of: token, hint: Int.max), list.word(at: index) != 0 {
                    retire(index, of: list, &state)
                }
            }
            compactIfSparse(&state)
        }
    }

    /// Removes every handler that can never run again, wherever it is (owner gone).
    @usableFromInline
    func removeFinished() {
        if let finished = finishedTokens() { removeFinished(finished) }
    }

    @usableFromInline
    func removeAll() { _ = specialized(self, .removeAll) }

    /// Runs `body` under the lock, then frees what it retired once no send reads it, after
    /// unlocking (deinits may run user code).
    @inlinable
    func update(_ body: (inout State) -> Void) {
        let garbage = state.withLock { state in
            body(&state)
            return collect(&state)
        }
        release(garbage)
    }

    /// Frees what a critical section retired, after unlocking, and asks the reclaimer to call
    /// back if something stayed pinned.
    @inlinable
    func release(_ garbage: Garbage?) {
        guard let garbage else { return }
        garbage.freeLists()  // the handlers go with `garbage`, at the end of this call
        if garbage.needsReclaimer { askReclaimer() }
    }

    /// Registers with the deferred reclaimer (rare: a send pinned what a write retired).
    @usableFromInline
    func askReclaimer() { DeferredReclaimer.register(self) }

    /// Handlers registered and not cancelled (including owner-bound ones not yet released).
    @usableFromInline
    var count: Int { redirect?.count ?? state.withLock { $0.live } }

    /// Whether no handler is registered, read with no lock (a send's own removals are visible).
    @usableFromInline
    var isEmpty: Bool {
        let value = published.load(ordering: .acquiring)
        return value & ~Self.flags == 0 || value & Self.emptyBit != 0
    }

    /// How many slots the published list has room for: what it keeps in memory (for tests).
    var capacity: Int { state.withLock { _ in current?.capacity ?? 0 } }

    // MARK: Calling

    /// Calls every live handler in order; `consume` gets each result and returns false to stop.
    ///
    /// Takes no lock and writes only the calling thread's hazard slot, except after the handlers
    /// ran when a one-shot handler ran or an owner was gone (their removal locks), and, for a
    /// local store only, when something retired waits for this call to leave (it frees it). Each
    /// handler is called in its slot, with no retain: the store keeps its copy of the handler,
    /// and the list's memory, until no hazard slot can reach them, and this call's slot names
    /// `list` until the loop ends.
    ///
    /// Always inlined, so a send runs in its caller's frame: the rare paths are out of line
    /// (`invokeRest`, `collectAfterSend`, `removeFinished`, `ReadHazards.enterSlowly`), and what
    /// is left is about as large as the call it saves.
    @inlinable @inline(__always)
    func invokeEach(_ sender: Sender, _ args: Args, _ consume: (Result) -> Bool) {
        guard let (slot, reading) = beginReading() else { return }
        var finished: ContiguousArray<UInt64>?
        if let (list, end) = reading {
            // The common case, kept lean (no state but the slot's address): plain handlers, none
            // asking to stop. The first handler of another kind, or the first stop, hands the
            // rest of the list to `invokeRest`, out of line, so that this loop saves no registers
            // for it.
            var next = list.slot(0)
            let stop = list.slot(end)
            while next != stop {
                let entry = next
                next += List.slotSize
                if List.word(ofSlotAt: entry) == 0 { continue }  // removed: before this call, or during it on this thread
                // Called in place, never bound to a local first: a copy retains the closure's
                // context, whose count every sending thread shares. The hazard above keeps the
                // slot's bits, and the store's copy of the handler, alive.
                guard let result = List.handler(ofSlotAt: entry).pointee.callIfPlain(sender, args) else {
                    finished = invokeRest(list, from: list.index(ofSlotAt: entry), to: end, stopped: false, sender, args, consume)
                    break
                }
                if !consume(result) {
                    finished = invokeRest(list, from: list.index(ofSlotAt: next), to: end, stopped: true, sender, args, consume)
                    break
                }
            }
        }
        // A handler that cancelled itself (or another of this store's) during this send left
        // itself for this send to free: this thread's slot pinned it (`ReadHazards.markOwnSlots`).
        // A local store also frees what a writer on another thread left (a cancel through its
        // shared face): that writer set the pending bit, then scanned, both sequentially
        // consistent; either its scan saw this slot cleared, or this load sees the bit.
        if ReadHazards.leave(slot)
            || (reclaimsOnSendExit && published.load(ordering: .sequentiallyConsistent) & Self.pendingBit != 0)
        {
            collectAfterSend()
        }
        if let finished { removeFinished(finished) }
    }

    /// Frees what a send kept pinned (see `invokeEach`). Out of line: rare, and inlined it made
    /// every send save the registers and the stack it needs.
    @inlinable @inline(never)
    func collectAfterSend() { update { _ in } }

    /// `invokeEach` from slot `start` on, for any kind of handler: calls each live one (none
    /// once `stopped`), and returns the tokens of those that can never run again. After a stop,
    /// the rest are not called but still checked, with no lock, when owner-bound or one-shot
    /// handlers exist. The caller's hazard pins `list`.
    @inlinable @inline(never)
    func invokeRest(
        _ list: List, from start: Int, to end: Int, stopped: Bool,
        _ sender: Sender, _ args: Args, _ consume: (Result) -> Bool
    ) -> ContiguousArray<UInt64>? {
        var finished: ContiguousArray<UInt64>?
        var next = start
        var stopped = stopped
        while !stopped, next < end {
            let current = next
            next += 1
            if list.word(at: current) == 0 { continue }
            let done: Bool
            (done, stopped) = list.handler(at: current).pointee.call(sender, args, consume)
            if done { Self.note(list.tokens[current], in: &finished) }
        }
        // Not called (`Decision.ask` stopped): noted only if they can never run again, as a full
        // call would have, with no lock.
        if stopped, published.load(ordering: .relaxed) & Self.finishableBit != 0 {
            collectFinished(list, from: next, to: end, into: &finished)
        }
        return finished
    }

    /// Adds to `finished` the tokens of the live handlers of `list`'s slots `start..<end` that
    /// can never run again (owner gone, or ran once). The caller's hazard pins `list`: the
    /// handlers are read in place, as a send reads them.
    @inlinable
    func collectFinished(_ list: List, from start: Int, to end: Int, into finished: inout ContiguousArray<UInt64>?) {
        for index in start..<end where list.word(at: index) != 0 && list.handler(at: index).pointee.isFinished {
            Self.note(list.tokens[index], in: &finished)
        }
    }

    /// Appends `token` to `finished`, which is nil until the first.
    @inlinable
    static func note(_ token: UInt64, in finished: inout ContiguousArray<UInt64>?) {
        if finished?.append(token) == nil { finished = [token] }
    }

    /// Names the published list in one of this thread's hazard slots, as every read of the
    /// handlers starts: nil if no list is published or it is empty; else the slot (give it back
    /// with `ReadHazards.leave`) and the list with its count, or nil if the list went meanwhile.
    /// Always inlined, as `invokeEach` is.
    @inlinable @inline(__always)
    func beginReading() -> (slot: ReadHazards.Record, reading: (list: List, end: Int)?)? {
        let value = published.load(ordering: .acquiring)
        var address = value & ~Self.flags
        // The flag first: tested alone, the two checks are two branches, no arithmetic.
        guard value & Self.emptyBit == 0, address != 0 else { return nil }
        let slot = ReadHazards.enter()
        // Sound because: the hazard is stored, then `published` loaded again, both sequentially
        // consistent; a writer publishes (or clears a word), then scans the slots, likewise. In
        // the single order of those four, either the writer's scan sees this slot (and frees
        // nothing this call can reach) or this load sees the new list (and the loop retries).
        while true {
            slot.pointee.store(UInt64(address), ordering: .sequentiallyConsistent)
            let again = published.load(ordering: .sequentiallyConsistent) & ~Self.flags
            if again == address { break }
            address = again
            if address == 0 { return (slot, nil) }
        }
        let list = List(address: address)
        // The count, then the version, both sequentially consistent (see `collect(_:)`); the
        // slot's version word is this thread's own.
        let end = list.count
        (slot + 1).pointee.store(version.load(ordering: .sequentiallyConsistent), ordering: .relaxed)
        return (slot, (list, end))
    }

    /// The tokens of handlers that can never run again (owner gone, or ran once), read as a send
    /// reads, with no lock: loading an owner makes a strong reference, whose release may run the
    /// owner's `deinit` (user code), which must never happen under the lock.
    @usableFromInline
    func finishedTokens() -> ContiguousArray<UInt64>? {
        guard let (slot, reading) = beginReading() else { return nil }
        var finished: ContiguousArray<UInt64>?
        if let (list, end) = reading { collectFinished(list, from: 0, to: end, into: &finished) }
        _ = ReadHazards.leave(slot)  // no handler ran: no write on this thread marked it
        return finished
    }

    // MARK: Writing (under the lock)
    // Inlinable, as `insert` and `removeNow` are, so that they run specialized: generic code
    // looks up type metadata at every step (several thousand instructions per cancel).

    /// The published list, if any. Writers only: they change it under the lock they hold.
    @inlinable var current: List? {
        let address = published.load(ordering: .relaxed) & ~Self.flags
        return address == 0 ? nil : List(address: address)
    }

    /// Publishes `list` (or none), with the flags `state` calls for. Sequentially consistent when
    /// the list changes (the hazard argument, `collect(_:)`); releasing when only flags do: they
    /// are hints, read with no order, and the one that needs more (the pending flag a local
    /// store's collect sets before its scan) is stored by that collect itself.
    @inlinable
    func publish(_ list: List?, _ state: State) {
        let address = list?.address ?? 0
        let value = address | flags(state, empty: address != 0 && state.live == 0)
        if published.load(ordering: .relaxed) & ~Self.flags == address {
            published.store(value, ordering: .releasing)
        } else {
            published.store(value, ordering: .sequentiallyConsistent)
        }
    }

    /// The flags of `published` for `state`; the pending flag only for a local store.
    @inlinable
    func flags(_ state: State, empty: Bool) -> UInt {
        (reclaimsOnSendExit && state.hasRetired ? Self.pendingBit : 0) | (state.finishable > 0 ? Self.finishableBit : 0)
            | (empty ? Self.emptyBit : 0)
    }

    /// Appends `handler` with `token`, growing (and compacting) into a new list when the
    /// published one is full. The version is stored before the slot's count, both releasing
    /// (see `collect(_:)`: no scan follows them).
    @inlinable
    func append(_ handler: Handler, token: UInt64, _ state: inout State) -> Int {
        let list: List
        if let existing = current, existing.count < existing.capacity {
            list = existing
        } else {
            let needed = max(4, 2 * (state.live + 1))
            if current == nil, state.spare != 0, List(address: state.spare).capacity >= needed {
                list = List(address: state.spare)
                list.reset()
                state.spare = 0
            } else {
                list = List.make(capacity: needed)
            }
            if let old = current {
                for index in 0..<old.count where old.word(at: index) != 0 { list.copySlot(index, of: old) }
                state.retiredLists.append(old.address)
            }
            state.live += 1
            if handler.canFinish { state.finishable += 1 }
            publish(list, state)
            version.store(token, ordering: .releasing)
            return list.append(token: token, handler: handler)
        }
        state.live += 1
        if handler.canFinish { state.finishable += 1 }
        // The empty flag goes (first handler), or the finishable one comes (first such handler).
        if state.live == 1 || (handler.canFinish && state.finishable == 1) { publish(list, state) }
        version.store(token, ordering: .releasing)
        return list.append(token: token, handler: handler)
    }

    /// Removes the handler in slot `index` of the published `list`: a tombstone there and in
    /// every retired list (a send on this thread may be reading one), the store's copy of the
    /// handler retired (its removal version is stamped by `collect(_:)`, after every tombstone
    /// of the section). Returns whether it was a one-shot handler that has started.
    @discardableResult @inlinable
    func retire(_ index: Int, of list: List, _ state: inout State) -> Bool {
        let token = list.tokens[index]
        list.clear(at: index)
        clearInRetiredLists(token, state)
        let handler = list.takeHandler(at: index)
        state.live -= 1
        if handler.canFinish {
            state.finishable -= 1
            if state.finishable == 0 { publish(list, state) }
        }
        let hasRun = handler.hasRun
        state.retiredHandlers.append(RetiredHandler(handler, added: token))
        return hasRun
    }

    /// Retires every handler.
    @inlinable
    func retireAll(_ state: inout State) {
        guard let list = current else { return }
        (state.live, state.finishable) = (0, 0)
        publish(nil, state)  // first: a send that starts now finds no list
        var reachable = false
        ReadHazards.forEachHazard { address, _ in
            if address == list.address || state.retiredLists.contains(address) { reachable = true }
        }
        guard reachable else {
            // No send reads it, nor an older list (see `collect(_:)`): the list and its handlers
            // go after unlocking, with no tombstone or version to write.
            if state.droppedLists?.append(list.address) == nil { state.droppedLists = [list.address] }
            return
        }
        for index in 0..<list.count where list.word(at: index) != 0 {
            let token = list.tokens[index]
            list.clear(at: index)
            clearInRetiredLists(token, state)
            state.retiredHandlers.append(RetiredHandler(list.takeHandler(at: index), added: token))
        }
        state.retiredLists.append(list.address)
    }

    /// Tombstones the handler added as `token` in every retired list: a send on this thread may
    /// still be reading one.
    @inlinable
    func clearInRetiredLists(_ token: UInt64, _ state: State) {
        for address in state.retiredLists {
            let old = List(address: address)
            if let oldIndex = old.index(of: token, hint: Int.max) { old.clear(at: oldIndex) }
        }
    }

    /// Publishes a compact copy once tombstones outnumber live handlers (and exceed 16), or, once
    /// no handler is left, nothing (the old list is retired) or the same list marked empty (while
    /// it has room and 16 tombstones or fewer: see `published`). Amortized O(1) per removal.
    @inlinable
    func compactIfSparse(_ state: inout State) {
        guard let list = current else { return }
        let tombstones = list.count - state.live
        if state.live == 0 {
            if tombstones <= 16, list.count < list.capacity {
                publish(list, state)
            } else {
                state.retiredLists.append(list.address)
                publish(nil, state)
            }
        } else if tombstones > 16, tombstones > state.live {
            let fresh = List.make(capacity: 2 * state.live)
            for index in 0..<list.count where list.word(at: index) != 0 { fresh.copySlot(index, of: list) }
            state.retiredLists.append(list.address)
            publish(fresh, state)
        }
    }

    /// Takes out what no send can still reach, to free after unlocking; stamps the removals of
    /// this critical section first.
    ///
    /// Sound because (one total order S of the sequentially consistent operations, as the C++ and
    /// Swift memory models define it, on every CPU; the other orders by happens-before):
    /// - A send stores its hazard (the list's address), loads `published` again (retrying until
    ///   both agree), loads the list's count, then `version`, then each word, each sequentially
    ///   consistent. A writer makes a list unreachable by replacing `published`, and a handler by
    ///   its tombstones (relaxed) followed by the removal's version stamp; both stores are
    ///   sequentially consistent, and both come before its scan of the hazards here. If the scan
    ///   misses a send's hazard, the send's store of it comes after the scan's load in S, so its
    ///   reload of `published` sees the new list (and retries), and its version load reads the
    ///   stamp or a later version. Reading it (a release, read by an acquire) makes the
    ///   tombstones visible to its word loads. It never reaches what is freed here.
    /// - A handler added at version `a` is not reachable by a send that read a version below `a`:
    ///   the writer stores `a` into `version`, then the slot's count, both releasing, so a send
    ///   whose count load (acquiring) saw the slot reads `a` or a later version.
    /// - A handler removed at version `r` (stamped after its tombstones) is not reachable by a send
    ///   that read `r` or above: reading the stamp, or a later version (written after a later
    ///   writer took the lock this one released), makes the tombstones visible to its word loads
    ///   (slots of a list are never reused).
    /// - A slot's version is written after its address and reset to `unknownVersion` before it
    ///   is cleared, all by its thread, and the writer reads it after the address (which it read
    ///   through a sequentially consistent, so acquiring, load): it reads that send's version,
    ///   a later send's (which began after the scan's address load: harmless) or `unknown`,
    ///   which pins everything of the store it names.
    /// So a handler stays if a hazard names one of this store's lists with a version `v` such that
    /// `added <= v < removed` (or unknown); a retired list stays if a hazard names it. Freeing
    /// happens after the scan, so a send whose slot the scan saw cleared has finished its calls.
    @inlinable @inline(__always)
    func collect(_ state: inout State) -> Garbage? {
        // Checked inline: most subscribes retire nothing, and the call would cost more than this.
        guard state.hasRetired || state.droppedLists != nil else { return nil }
        return collectRetired(&state)
    }

    /// `collect(_:)` when something was retired or dropped.
    @inlinable
    func collectRetired(_ state: inout State) -> Garbage? {
        let dropped = state.droppedLists.take()
        guard state.hasRetired else { return dropped == nil ? nil : Garbage(droppedLists: dropped) }
        if state.retiredHandlers.last?.removed == 0 {
            let stamp = nextToken()
            version.store(stamp, ordering: .sequentiallyConsistent)
            var index = state.retiredHandlers.count - 1
            while index >= 0, state.retiredHandlers[index].removed == 0 {
                state.retiredHandlers[index].removed = stamp
                index -= 1
            }
        }
        if reclaimsOnSendExit, published.load(ordering: .relaxed) & Self.pendingBit == 0 {
            published.store(published.load(ordering: .relaxed) | Self.pendingBit, ordering: .sequentiallyConsistent)
        }
        let listAddress = current?.address ?? 0
        var pins: [(list: UInt, version: UInt64)]?
        ReadHazards.forEachHazard { list, version in
            if list == listAddress || state.retiredLists.contains(list) {
                if pins?.append((list, version)) == nil { pins = [(list, version)] }
            }
        }
        var garbage = Garbage(droppedLists: dropped)
        if let pins {
            let retiredLists = state.retiredLists
            state.retiredLists = retiredLists.filter { list in pins.contains { $0.list == list } }
            for list in retiredLists where !pins.contains(where: { $0.list == list }) { free(list, into: &garbage, &state) }
            var kept: [RetiredHandler<Sender, Args, Result>] = []
            for retired in state.retiredHandlers {
                let reachable = pins.contains { pin in
                    pin.version == ReadHazards.unknownVersion || (retired.added <= pin.version && pin.version < retired.removed)
                }
                if reachable { kept.append(retired) } else { garbage.append(retired.handler) }
            }
            state.retiredHandlers = kept
        } else {
            // The common case; the arrays keep their storage for the next write.
            while let list = state.retiredLists.popLast() { free(list, into: &garbage, &state) }
            while let retired = state.retiredHandlers.popLast() { garbage.append(retired.handler) }
        }
        if state.hasRetired {
            // A send on this thread that pinned it (a handler that cancelled itself) frees it when
            // it leaves; sends on other threads leave it to the reclaimer.
            ReadHazards.markOwnSlots { $0 == listAddress || state.retiredLists.contains($0) }
            if !reclaimsOnSendExit, !state.awaitsReclaimer {
                state.awaitsReclaimer = true
                garbage.needsReclaimer = true
            }
        } else if reclaimsOnSendExit {
            publish(current, state)
        }
        return garbage
    }

    /// Frees `list` after unlocking, or keeps it for the next subscribe if none is kept and it is
    /// small: no send can reach it (nothing publishes it and no hazard names it), as for a free.
    @inlinable
    func free(_ list: UInt, into garbage: inout Garbage, _ state: inout State) {
        if state.spare == 0, List(address: list).capacity <= 64 {
            state.spare = list
        } else {
            garbage.append(list: list)
        }
    }
}

/// A write `HandlerStore.specialized` runs.
@usableFromInline @frozen
enum SpecializedWrite: Sendable {
    case remove(token: UInt64, slot: Int)
    case finish
    case removeAll
}

extension HandlerStore: DeferredReclaimable {
    /// Called by `DeferredReclaimer`: frees what sends pinned when the last write here happened.
    /// Never waits for the lock: with it held, returns false and the reclaimer calls again.
    func reclaimDeferred() -> Bool {
        let garbage = state.withLockIfAvailable { state in
            state.awaitsReclaimer = false
            return collect(&state)
        }
        guard let garbage else { return false }
        release(garbage)
        return true
    }
}
