import Synchronization

/// Subscription tokens: unique in the process (subscriptions of different events never compare
/// equal) and increasing within one store (which keeps its slots sorted).
private let nextToken = Atomic<UInt64>(1)

/// Hands out a fresh subscription token.
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
/// (`ReadHazards`), checks that it is still the published one, reads `count` once, and calls each
/// handler whose word is not 0 through an unretained reference to its box. It writes only its own
/// slot: two threads sending on one event share no written cache line.
///
/// ## How writers change it (under `state`'s lock)
/// - Subscribe appends a slot in place (O(1)); a full list is replaced by a new one, twice the
///   live count, holding only the live slots (amortized O(1)).
/// - Cancel writes 0 into the handler's word, in place, in the published list and in every
///   retired list a send may still read (so a send on the cancelling thread, whatever list it
///   reads, skips it), and retires the box. Once tombstones outnumber live handlers (and exceed
///   16), the list is compacted into a new one (amortized O(1)); with no handler left, nothing is
///   published and the list is retired.
/// - Retired lists and boxes are freed by `collect(_:)` once no hazard slot names one of this
///   store's lists: at once when no send runs, else by the last of those sends to leave (it sees
///   the pending bit), or the next subscribe or cancel, or the store's deinit.
///
/// ## Where a cancelled handler's closure is released
/// When its box is freed: before `cancel()` returns if no send on this event is running on any
/// thread; otherwise when the last send running on this event then returns (on its thread), or
/// at the next subscribe or cancel here. A send blocked in a handler (a modal run loop) pins this
/// event's retired lists and handlers only, never another event's: a hazard names one list.
@usableFromInline
final class HandlerStore<Sender, Args, Result>: SubscriptionSource {
    @usableFromInline typealias Handler = StoredHandler<Sender, Args, Result>
    @usableFromInline typealias Box = HandlerBox<Sender, Args, Result>
    @usableFromInline typealias State = HandlerStoreState<Sender, Args, Result>
    @usableFromInline typealias Garbage = HandlerGarbage<Sender, Args, Result>

    /// The published list's address (0: no handler), with bit 0 set while retired lists or boxes
    /// wait for sends to leave (`pendingBit`). Written only under the lock.
    @usableFromInline let published = Atomic<UInt>(0)
    @usableFromInline static var pendingBit: UInt { 1 }

    @usableFromInline let state: Locked<State>

    /// `removeNow(token:slot:)` specialized where the event is made (by the inlinable `init`):
    /// through the `SubscriptionSource` witness, generic code would look up type metadata at
    /// every step (~4,500 instructions per cancel).
    @usableFromInline let specializedRemove: @Sendable (HandlerStore, UInt64, Int) -> Bool

    /// Where handlers really go, for a face typed otherwise than its store (see `HandlerRedirect`);
    /// `nil` for a store that keeps its own handlers.
    @usableFromInline let redirect: (any HandlerRedirect<Sender, Args, Result>)?

    @usableFromInline
    init(
        specializedRemove: @escaping @Sendable (HandlerStore, UInt64, Int) -> Bool,
        redirect: (any HandlerRedirect<Sender, Args, Result>)?
    ) {
        state = Locked(State())
        self.specializedRemove = specializedRemove
        self.redirect = redirect
    }

    /// A store that keeps its own handlers. Inlinable, so that `specializedRemove` is made where
    /// the types are known.
    @inlinable convenience init() {
        self.init(specializedRemove: { store, token, slot in store.removeNow(token: token, slot: slot) }, redirect: nil)
    }

    /// A store that keeps nothing: every handler goes to `redirect`.
    convenience init(redirect: any HandlerRedirect<Sender, Args, Result>) {
        self.init(specializedRemove: { _, _, _ in false }, redirect: redirect)
    }

    /// No send can run (each holds the store), so everything goes now, after unlocking.
    deinit {
        let garbage = state.withLock { state in
            var garbage = Garbage()
            if let list = current {
                for index in 0..<list.count where list.word(at: index) != 0 {
                    garbage.boxes.append(takeBox(list.word(at: index)))
                }
                garbage.lists.append(list.address)
            }
            garbage.lists += state.retiredLists
            garbage.boxes += state.retiredBoxes
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
        let box = Box(handler)
        let (token, index, garbage) = state.withLock { state in
            let token = makeSubscriptionToken()
            guard !state.isFinished else { return (token, 0, Garbage?.none) }
            if state.finishable > 0 { retireFinished(&state) }
            return (token, append(box, token: token, &state), collect(&state))
        }
        garbage?.freeLists()  // and releases its boxes here, after the lock
        return EventSubscription(token: token, slot: index, source: self)
    }

    /// Ends the source for good: removes every handler, and later inserts return inactive
    /// subscriptions. The one rule for a finished source (an event gone behind a read-only face,
    /// a timer invalidated, a watch ended): a handler that could never run is released at once,
    /// and a waiting `next()` ends with `SourceEndedError`.
    @usableFromInline
    func finish() {
        if let redirect { return redirect.finish() }
        update { state in
            state.isFinished = true
            retireAll(&state)
        }
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
        let (hadRun, garbage) = state.withLock { state -> (Bool?, Garbage?) in
            guard let list = current, let index = list.index(of: token, hint: slot), list.word(at: index) != 0 else {
                return (nil, nil)
            }
            let hadRun = retire(index, of: list, &state).handler.hasRun
            compactIfSparse(&state)
            return (hadRun, collect(&state))
        }
        garbage?.freeLists()  // the handler is released here, after the lock (if no send holds it)
        guard let hadRun else { return false }
        return !hadRun
    }

    @usableFromInline
    func isActive(token: UInt64, slot: Int) -> Bool {
        state.withLock { _ in
            guard let list = current, let index = list.index(of: token, hint: slot) else { return false }
            let word = list.word(at: index)
            return word != 0 && !box(word).handler.hasRun
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
    func removeFinished() { update { retireFinished(&$0) } }

    @usableFromInline
    func removeAll() { update { retireAll(&$0) } }

    /// Runs `body` under the lock, then frees what it retired once no send reads it, after
    /// unlocking (deinits may run user code).
    @inlinable
    func update(_ body: (inout State) -> Void) {
        let garbage = state.withLock { state in
            body(&state)
            return collect(&state)
        }
        garbage?.freeLists()
    }

    /// Handlers registered and not cancelled (including owner-bound ones not yet released).
    @usableFromInline
    var count: Int { redirect?.count ?? state.withLock { $0.live } }

    /// How many slots the published list has room for: what it keeps in memory (for tests).
    var capacity: Int { state.withLock { _ in current?.capacity ?? 0 } }

    // MARK: Calling

    /// Calls every live handler in order; `consume` gets each result and returns false to stop.
    ///
    /// Takes no lock and writes only the calling thread's hazard slot, except in two rare cases
    /// after the handlers ran: a one-shot handler ran or an owner was gone (their removal locks),
    /// or something retired waits for sends to leave (this call frees it). Each handler is called
    /// through an unretained reference to its box: the store keeps the box until no hazard slot
    /// names a list holding it, and this call's slot names `list` until the loop ends.
    @inlinable
    func invokeEach(_ sender: Sender, _ args: Args, _ consume: (Result) -> Bool) {
        var address = published.load(ordering: .acquiring) & ~Self.pendingBit
        guard address != 0 else { return }
        let slot = ReadHazards.freeSlot()
        // Sound because: the hazard is stored, then `published` loaded again, both sequentially
        // consistent; a writer publishes (or clears a word), then scans the slots, likewise. In
        // the single order of those four, either the writer's scan sees this slot (and frees
        // nothing this call can reach) or this load sees the new list (and the loop retries).
        while true {
            slot.pointee.store(address, ordering: .sequentiallyConsistent)
            let again = published.load(ordering: .sequentiallyConsistent) & ~Self.pendingBit
            if again == address { break }
            address = again
            if address == 0 { break }
        }
        var finished: ContiguousArray<UInt64>?
        var stopped = false
        if address != 0 {
            let list = HandlerList(address: address)
            let end = list.count
            var index = 0
            while index < end {
                let current = index
                index += 1
                let word = list.word(at: current)
                if word == 0 { continue }  // removed: before this call, or during it on this thread
                // `_withUnsafeGuaranteedRef` is the one way to call through a reference without
                // retaining it (a retain writes the box's count, which every sending thread shares);
                // no public API does that. Sound: the hazard above keeps the box alive.
                stopped = Unmanaged<Box>.fromOpaque(UnsafeRawPointer(bitPattern: word)!)._withUnsafeGuaranteedRef { box in
                    // Called in place, not bound to a local first: binding copies (retains) it.
                    if let result = box.handler.plain?(sender, args) { return !consume(result) }
                    switch box.handler.special {
                    case .owned(let owned)?:
                        guard let owner = owned.owner else {
                            let token = list.tokens[current]
                            if finished?.append(token) == nil { finished = [token] }
                            return false
                        }
                        return !consume(owned.call(owner, sender, args))
                    case .once(let once)?:
                        guard once.claim() else { return false }
                        let token = list.tokens[current]
                        if finished?.append(token) == nil { finished = [token] }
                        return !consume(once.call(sender, args))
                    case nil:
                        return false
                    }
                }
                if stopped { break }
            }
        }
        // Sequentially consistent, then the pending bit likewise: a writer sets the bit, then
        // scans. Either it sees this slot cleared (and frees), or this load sees the bit (and
        // this call collects): what a send pinned never waits for another writer.
        slot.pointee.store(0, ordering: .sequentiallyConsistent)
        if published.load(ordering: .sequentiallyConsistent) & Self.pendingBit != 0 { update { _ in } }
        if let finished { removeFinished(finished) }
        // Stopping early left later handlers unvisited: release those that finished too (owner
        // gone), as a full call would have. Only `Decision.ask` stops; `send` never does.
        if stopped { removeFinished() }
    }

    // MARK: Writing (under the lock)
    // Inlinable, as `insert` and `removeNow` are, so that they run specialized: generic code
    // looks up type metadata at every step (several thousand instructions per cancel).

    /// The published list, if any. Writers only: they change it under the lock they hold.
    @inlinable var current: HandlerList? {
        let address = published.load(ordering: .relaxed) & ~Self.pendingBit
        return address == 0 ? nil : HandlerList(address: address)
    }

    /// Publishes `list` (or none), with the pending bit if something waits.
    @inlinable
    func publish(_ list: HandlerList?, _ state: State) {
        published.store((list?.address ?? 0) | (state.hasRetired ? Self.pendingBit : 0), ordering: .sequentiallyConsistent)
    }

    /// The box at `word`, unretained (the store's own retain keeps it).
    @inlinable
    func box(_ word: UInt) -> Box {
        // Sound: a nonzero word is the address of a box this store retained in `append`.
        Unmanaged<Box>.fromOpaque(UnsafeRawPointer(bitPattern: word)!).takeUnretainedValue()
    }

    /// The box at `word`, taking over the store's retain.
    @inlinable
    func takeBox(_ word: UInt) -> Box {
        // Sound: as in `box(_:)`; the word is cleared or dropped with the list by the caller.
        Unmanaged<Box>.fromOpaque(UnsafeRawPointer(bitPattern: word)!).takeRetainedValue()
    }

    /// Appends `box`, growing (and compacting) into a new list when the published one is full.
    @inlinable
    func append(_ box: Box, token: UInt64, _ state: inout State) -> Int {
        let list: HandlerList
        if let existing = current, existing.count < existing.capacity {
            list = existing
        } else {
            list = HandlerList.make(capacity: max(4, 2 * (state.live + 1)))
            if let old = current {
                for index in 0..<old.count where old.word(at: index) != 0 {
                    _ = list.append(token: old.tokens[index], word: old.word(at: index))
                }
                state.retiredLists.append(old.address)
            }
            publish(list, state)
        }
        state.live += 1
        if box.handler.canFinish { state.finishable += 1 }
        return list.append(token: token, word: UInt(bitPattern: Unmanaged.passRetained(box).toOpaque()))
    }

    /// Removes the handler in slot `index` of the published `list`: a tombstone there and in
    /// every retired list (a send on this thread may be reading one), its box retired.
    @discardableResult @inlinable
    func retire(_ index: Int, of list: HandlerList, _ state: inout State) -> Box {
        let word = list.word(at: index)
        let token = list.tokens[index]
        list.clear(at: index)
        for address in state.retiredLists {
            let old = HandlerList(address: address)
            if let oldIndex = old.index(of: token, hint: Int.max) { old.clear(at: oldIndex) }
        }
        let box = takeBox(word)
        state.live -= 1
        if box.handler.canFinish { state.finishable -= 1 }
        state.retiredBoxes.append(box)
        return box
    }

    /// Retires every handler that can never run again (owner gone, or ran once).
    @inlinable
    func retireFinished(_ state: inout State) {
        guard state.finishable > 0, let list = current else { return }
        for index in 0..<list.count {
            let word = list.word(at: index)
            if word != 0, box(word).handler.isFinished { retire(index, of: list, &state) }
        }
        compactIfSparse(&state)
    }

    /// Retires every handler.
    @inlinable
    func retireAll(_ state: inout State) {
        guard let list = current else { return }
        for index in 0..<list.count where list.word(at: index) != 0 { retire(index, of: list, &state) }
        compactIfSparse(&state)
    }

    /// Publishes a compact copy once tombstones outnumber live handlers (and exceed 16), or
    /// nothing once no handler is left; the old list is retired. Amortized O(1) per removal.
    @inlinable
    func compactIfSparse(_ state: inout State) {
        guard let list = current else { return }
        let tombstones = list.count - state.live
        if state.live == 0 {
            state.retiredLists.append(list.address)
            publish(nil, state)
        } else if tombstones > 16, tombstones > state.live {
            let fresh = HandlerList.make(capacity: 2 * state.live)
            for index in 0..<list.count where list.word(at: index) != 0 {
                _ = fresh.append(token: list.tokens[index], word: list.word(at: index))
            }
            state.retiredLists.append(list.address)
            publish(fresh, state)
        }
    }

    /// Takes out what no send can still reach, to free after unlocking.
    ///
    /// Sound because: every way a handler or list becomes unreachable (a word cleared, a list
    /// replaced in `published`) is a sequentially consistent store made before this scan, whose
    /// loads are sequentially consistent too; a send stores its hazard, then loads `published`
    /// and each word, all sequentially consistent. In the one total order of those operations,
    /// if the scan below misses a send's hazard, that send's later loads see the cleared word or
    /// the new list, so it never reaches what is freed here. A send that names one of this
    /// store's lists pins every retired box (it might be calling one) and that list; other
    /// stores' hazards pin nothing here. Freeing happens after the send cleared its slot, which
    /// the scan read: the send's calls happen before the free.
    ///
    /// The pending bit is set before scanning: a send that clears its slot after the scan read it
    /// then sees the bit and collects (see `invokeEach`), so nothing waits for another writer.
    @inlinable
    func collect(_ state: inout State) -> Garbage? {
        guard state.hasRetired else { return nil }
        let listAddress = current?.address ?? 0
        if published.load(ordering: .relaxed) & Self.pendingBit == 0 {
            published.store(listAddress | Self.pendingBit, ordering: .sequentiallyConsistent)
        }
        var pinsBoxes = false
        var pinnedLists: [UInt] = []
        let retiredLists = state.retiredLists
        ReadHazards.forEachHazard { hazard in
            if hazard == listAddress {
                pinsBoxes = true
            } else if retiredLists.contains(hazard) {
                pinsBoxes = true
                if !pinnedLists.contains(hazard) { pinnedLists.append(hazard) }
            }
        }
        var garbage = Garbage()
        if pinnedLists.isEmpty {
            swap(&garbage.lists, &state.retiredLists)  // the common case: no copy
        } else {
            garbage.lists = retiredLists.filter { !pinnedLists.contains($0) }
            state.retiredLists = pinnedLists
        }
        if !pinsBoxes { swap(&garbage.boxes, &state.retiredBoxes) }
        if !state.hasRetired { published.store(listAddress, ordering: .sequentiallyConsistent) }
        return garbage
    }
}
