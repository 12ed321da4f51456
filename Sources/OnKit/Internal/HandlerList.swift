/// A registered handler and its subscription's token.
@usableFromInline
struct HandlerSlot<Sender, Args, Result>: Sendable {
    @usableFromInline let token: UInt64
    @usableFromInline var handler: StoredHandler<Sender, Args, Result>

    @inlinable
    init(token: UInt64, handler: StoredHandler<Sender, Args, Result>) { (self.token, self.handler) = (token, handler) }
}

/// The lock-protected state of a `HandlerStore`: handlers in subscription order, so sorted by
/// token. A subscription remembers its slot's index; compaction only moves slots towards the
/// front, so a removal looks there first, then binary-searches before it. Cancelling the last
/// slot pops it, another leaves a tombstone; compacting once tombstones outnumber live slots
/// keeps subscribe and cancel amortized O(1).
@usableFromInline
struct HandlerList<Sender, Args, Result>: Sendable {
    @usableFromInline typealias Slot = HandlerSlot<Sender, Args, Result>
    @usableFromInline typealias Handler = StoredHandler<Sender, Args, Result>

    @usableFromInline var slots: ContiguousArray<Slot> = []
    @usableFromInline var tombstones = 0
    /// How many live slots hold owner-bound or one-shot handlers, which can finish on their own.
    @usableFromInline var finishable = 0
    /// The source has ended for good (see `HandlerStore.finish()`): nothing is added any more.
    @usableFromInline var isFinished = false
    @usableFromInline init() {}

    @usableFromInline var liveCount: Int { slots.count - tombstones }

    @inlinable
    mutating func append(token: UInt64, handler: Handler) -> Int {
        slots.append(Slot(token: token, handler: handler))
        if handler.canFinish { finishable += 1 }
        return slots.count - 1
    }

    /// The index of the slot with `token`, looking at `hint` first.
    @inlinable
    func index(of token: UInt64, hint: Int) -> Int? {
        if hint >= 0, hint < slots.count, slots[hint].token == token { return hint }
        let upper = hint >= 0 && hint < slots.count ? hint : slots.count
        let candidate = slots.firstIndex(ofTokenAtLeast: token, below: upper)
        return candidate < slots.count && slots[candidate].token == token ? candidate : nil
    }

    /// Whether `token` is registered, not cancelled, and not a one-shot handler that has started.
    @usableFromInline
    func contains(token: UInt64, hint: Int) -> Bool {
        guard let index = index(of: token, hint: hint) else { return false }
        return !slots[index].handler.isEmpty && !slots[index].handler.hasRun
    }

    /// Removes the handler with `token` and returns it, for release after unlocking.
    @inlinable
    mutating func remove(token: UInt64, hint: Int) -> Handler? {
        guard let index = index(of: token, hint: hint), !slots[index].handler.isEmpty else { return nil }
        let handler = slots[index].handler
        if handler.canFinish { finishable -= 1 }
        if index == slots.count - 1 {
            slots.removeLast()
            dropTrailingTombstones()
        } else {
            slots[index].handler = Handler()
            tombstones += 1
            compactIfSparse()
        }
        return handler
    }

    /// Removes every handler that can never run again; returns them for release after unlocking.
    @inlinable
    mutating func removeFinished() -> [Handler] {
        guard finishable > 0 else { return [] }
        var removed: [Handler] = []
        for index in slots.indices {
            if slots[index].handler.isFinished {
                removed.append(slots[index].handler)
                slots[index].handler = Handler()
                tombstones += 1
                finishable -= 1
            }
        }
        if !removed.isEmpty {
            dropTrailingTombstones()
            compactIfSparse()
        }
        return removed
    }

    /// Removes every handler; returns the old slots for release after unlocking.
    @usableFromInline
    mutating func removeAll() -> ContiguousArray<Slot> {
        let old = slots
        slots = []
        tombstones = 0
        finishable = 0
        return old
    }

    /// Pops the tombstones at the end; an emptied list gives its buffer back.
    @inlinable
    mutating func dropTrailingTombstones() {
        while let last = slots.last, last.handler.isEmpty {
            slots.removeLast()
            tombstones -= 1
        }
        shrinkIfOversized()
    }

    @inlinable
    mutating func compactIfSparse() {
        guard tombstones > 16, tombstones * 2 > slots.count else { return }
        slots.removeAll { $0.handler.isEmpty }
        tombstones = 0
        shrinkIfOversized()
    }

    /// Gives memory back once the slots use a quarter of their buffer or less. Amortized O(1):
    /// after a shrink the buffer is half used.
    @inlinable
    mutating func shrinkIfOversized() {
        if slots.isEmpty {
            slots = []
        } else if slots.capacity > 64, slots.count * 4 <= slots.capacity {
            var smaller = ContiguousArray<Slot>()
            smaller.reserveCapacity(slots.count * 2)
            smaller.append(contentsOf: slots)
            slots = smaller
        }
    }

    /// The number of slots the buffer has room for (for tests of memory release).
    @usableFromInline var capacity: Int { slots.capacity }
}

extension ContiguousArray {
    /// Binary search in sorted slots: the first index below `upper` with a token ≥ `token`, or `upper`.
    @inlinable
    func firstIndex<Sender, Args, Result>(ofTokenAtLeast token: UInt64, below upper: Int) -> Int
    where Element == HandlerSlot<Sender, Args, Result> {
        var low = 0
        var high = upper
        while low < high {
            let middle = low + (high - low) / 2
            if self[middle].token < token { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
