/// A registered handler and the token that identifies its subscription.
@usableFromInline
struct HandlerSlot<Sender, Args, Result>: Sendable {
    @usableFromInline let token: UInt64
    /// `nil` once cancelled: a tombstone, dropped at the next compaction.
    @usableFromInline var handler: StoredHandler<Sender, Args, Result>?

    @usableFromInline
    init(token: UInt64, handler: StoredHandler<Sender, Args, Result>?) {
        self.token = token
        self.handler = handler
    }
}

/// The lock-protected state of a `HandlerStore`: handlers in subscription order.
///
/// Tokens increase in the order handlers are added and compaction keeps that order, so the
/// slots are always sorted by token. A subscription remembers the index its slot had; the slot
/// can only move towards the front (compaction), so a removal looks at that index first and
/// otherwise binary-searches the slots before it. Cancelling the last slot pops it; cancelling
/// another leaves a tombstone. Compaction runs when tombstones outnumber live slots, which
/// keeps subscribe and cancel amortized O(1).
@usableFromInline
struct HandlerList<Sender, Args, Result>: Sendable {
    @usableFromInline typealias Slot = HandlerSlot<Sender, Args, Result>
    @usableFromInline typealias Handler = StoredHandler<Sender, Args, Result>

    @usableFromInline var slots: ContiguousArray<Slot> = []
    @usableFromInline var tombstones = 0
    /// How many live slots hold owner-bound or one-shot handlers, which can finish on their own.
    @usableFromInline var finishable = 0
    /// `ThreadSanitizerHints.acquire`, read once per list rather than on every change: each read
    /// of a global goes through its lazy initializer.
    @usableFromInline let sanitizerAcquire = ThreadSanitizerHints.acquire

    @usableFromInline init() {}

    @usableFromInline var liveCount: Int { slots.count - tombstones }

    /// Call before writing slots in place: tells the thread sanitizer that the writes come after
    /// the reads of every send that had a snapshot of them (see `ThreadSanitizerHints`).
    ///
    /// Only when the sanitizer runs. The buffer is made unique first (copied if a snapshot still
    /// shares it, as the write would have done anyway): from then until unlocking no snapshot can
    /// be taken, and every send that read the buffer has released it, after its hint.
    @inlinable
    mutating func orderAfterSnapshotReads() {
        guard let acquire = sanitizerAcquire else { return }
        slots.withUnsafeMutableBufferPointer { acquire($0.baseAddress) }
    }

    @inlinable
    mutating func append(token: UInt64, handler: Handler) -> Int {
        // Appending in place writes the buffer's count, which a finished send has read.
        orderAfterSnapshotReads()
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

    /// Whether `token` is registered and not cancelled.
    @usableFromInline
    func contains(token: UInt64, hint: Int) -> Bool {
        guard let index = index(of: token, hint: hint) else { return false }
        return slots[index].handler != nil
    }

    /// Removes the handler with `token` and returns it, so that the caller releases it after
    /// unlocking (its captures may run user code in their deinit).
    @inlinable
    mutating func remove(token: UInt64, hint: Int) -> Handler? {
        guard let index = index(of: token, hint: hint), let handler = slots[index].handler else {
            return nil
        }
        orderAfterSnapshotReads()
        if handler.canFinish { finishable -= 1 }
        if index == slots.count - 1 {
            slots.removeLast()
            while let last = slots.last, last.handler == nil {
                slots.removeLast()
                tombstones -= 1
            }
        } else {
            slots[index].handler = nil
            tombstones += 1
            compactIfSparse()
        }
        return handler
    }

    /// Removes every handler that can never run again; returns them for release after unlocking.
    @inlinable
    mutating func removeFinished() -> [Handler] {
        guard finishable > 0 else { return [] }
        orderAfterSnapshotReads()
        var removed: [Handler] = []
        for index in slots.indices {
            if let handler = slots[index].handler, handler.isFinished {
                removed.append(handler)
                slots[index].handler = nil
                tombstones += 1
                finishable -= 1
            }
        }
        if !removed.isEmpty {
            while let last = slots.last, last.handler == nil {
                slots.removeLast()
                tombstones -= 1
            }
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

    @inlinable
    mutating func compactIfSparse() {
        guard tombstones > 16, tombstones * 2 > slots.count else { return }
        slots.removeAll { $0.handler == nil }
        tombstones = 0
    }
}

extension ContiguousArray {
    /// Binary search in sorted slots: the first index below `upper` whose token is at least
    /// `token`, or `upper` when there is none.
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
