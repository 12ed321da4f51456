import Synchronization

/// A published list of handlers: what a send reads, with no lock and no reference counting.
///
/// One allocation, 16-byte aligned (so the low bits of its address are free for `HandlerStore`'s
/// flags): `count`, `capacity`, then `capacity` slots of 32 bytes, then `capacity` tokens. A
/// slot is a word, 1 while its handler is registered and 0 once it was removed (a tombstone),
/// then the handler itself (`StoredHandler`, three words), stored in place: no box per handler,
/// so a send reads a slot's word and its handler from one cache line, and a subscribe makes no
/// allocation of its own.
///
/// Append-only: slots below `count` never change except that a word may become 0, so a send
/// reads `count` once and every slot below it without a lock. Appending writes the token, the
/// handler and the word, then `count` (releasing: see `HandlerStore.collect(_:)`), so a send
/// that sees the new count sees the slot; one that read the old count never visits it (a
/// handler added during a send is not called by it).
///
/// ## Who owns a handler
/// A list's slots hold handlers as bits, at +0, as `Unmanaged` holds a reference: the store
/// owns one copy of each handler (one retain of each closure context), wherever its bits are.
/// Growth and compaction copy the live slots' bits into a new list (`copySlot`) and retire the
/// old list, whose bits are then unowned; a removal moves the handler out of the published
/// list (`takeHandler`) into the store's retired handlers, leaving the bits for sends that may
/// still read them; the store destroys that copy once no hazard slot can reach it. Freeing a
/// list never destroys a handler, except for a list dropped whole (`destroyLiveHandlers`).
///
/// Tokens increase along a list, and only writers (under the store's lock) read them.
///
/// Frozen: one pointer, read by inlinable sends.
@usableFromInline @frozen
struct HandlerList<Sender, Args, Result> {
    @usableFromInline typealias Handler = StoredHandler<Sender, Args, Result>
    @usableFromInline typealias Slot = SlotHandler<Sender, Args, Result>

    @usableFromInline let base: UnsafeMutableRawPointer

    @inlinable init(address: UInt) {
        // Sound: only called with an address `make(capacity:)` returned (never 0).
        base = UnsafeMutableRawPointer(bitPattern: address)!
    }

    @inlinable init(base: UnsafeMutableRawPointer) { self.base = base }

    /// The list's address, as published and as a hazard slot names it.
    @inlinable var address: UInt { UInt(bitPattern: base) }

    @inlinable static var header: Int { 16 }
    /// A slot's size: the word, then the handler (24 bytes on 64-bit platforms, 12 on 32-bit:
    /// a closure is two words, the special kinds one).
    @inlinable static var slotSize: Int { 32 }

    /// A new empty list with room for `capacity` handlers.
    @inlinable
    static func make(capacity: Int) -> HandlerList {
        assert(MemoryLayout<Word>.stride + MemoryLayout<Slot>.stride <= slotSize && MemoryLayout<Slot>.alignment <= 8)
        let bytes = header + capacity * (slotSize + MemoryLayout<UInt64>.stride)
        let list = HandlerList(base: .allocate(byteCount: bytes, alignment: 16))
        list.base.initializeMemory(as: Atomic<Int>.self, to: Atomic(0))
        (list.base + 8).initializeMemory(as: Int.self, to: capacity)
        for index in 0..<capacity {
            list.slot(index).initializeMemory(as: Word.self, to: Word(0))
            (list.slot(index) + 8).bindMemory(to: Slot.self, capacity: 1)
        }
        return list
    }

    /// Frees the memory. The handlers whose bits it holds are the store's, destroyed elsewhere.
    @inlinable func free() { base.deallocate() }

    /// Destroys the handler of every live slot: for a list dropped whole, the only place their
    /// bits are owned (no send can reach it, and no other list holds them).
    @inlinable
    func destroyLiveHandlers() {
        for index in 0..<count where word(at: index) != 0 { _ = takeHandler(at: index) }
    }

    @usableFromInline typealias Word = Atomic<UInt>

    /// Slots in use, tombstones included. Sequentially consistent (so acquiring: the slots below
    /// it are written): a send's version load must follow it in the one total order.
    @inlinable var count: Int {
        base.assumingMemoryBound(to: Atomic<Int>.self).pointee.load(ordering: .sequentiallyConsistent)
    }

    @inlinable var capacity: Int { (base + 8).assumingMemoryBound(to: Int.self).pointee }

    @inlinable var tokens: UnsafeMutablePointer<UInt64> {
        (base + Self.header + capacity * Self.slotSize).assumingMemoryBound(to: UInt64.self)
    }

    /// Slot `index`'s address. Wrapping arithmetic, with no overflow check: callers pass an index
    /// below `capacity`, and the list's allocation of that many slots succeeded.
    @inlinable func slot(_ index: Int) -> UnsafeMutableRawPointer { base + (Self.header &+ index &* Self.slotSize) }

    /// 1 if slot `index` holds a registered handler, 0 once it was removed. Sequentially
    /// consistent: the reader's half of the store-then-load argument in `HandlerStore.collect(_:)`.
    @inlinable
    func word(at index: Int) -> UInt { Self.word(ofSlotAt: slot(index)) }

    /// `word(at:)` for the slot at `address` (one `slot(_:)` gave). A send's loop walks slots by
    /// address, which leaves it a register more than an index would.
    @inlinable
    static func word(ofSlotAt address: UnsafeMutableRawPointer) -> UInt {
        address.assumingMemoryBound(to: Word.self).pointee.load(ordering: .sequentiallyConsistent)
    }

    /// `handler(at:)` for the slot at `address` (one `slot(_:)` gave).
    @inlinable
    static func handler(ofSlotAt address: UnsafeMutableRawPointer) -> UnsafeMutablePointer<Slot> {
        (address + 8).assumingMemoryBound(to: Slot.self)
    }

    /// The index of the slot at `address` (one `slot(_:)` gave).
    @inlinable
    func index(ofSlotAt address: UnsafeMutableRawPointer) -> Int { (address - slot(0)) / Self.slotSize }

    /// The handler of slot `index`, in place: read it only while the word is 1 or a hazard pins
    /// it, through `pointee` (a borrow: `SlotHandler` is noncopyable).
    @inlinable
    func handler(at index: Int) -> UnsafeMutablePointer<Slot> { Self.handler(ofSlotAt: slot(index)) }

    /// Makes slot `index` a tombstone (writers only, under the store's lock). Relaxed: the
    /// removal's version stamp, sequentially consistent, follows it before anything is freed
    /// (see `HandlerStore.collect(_:)`).
    @inlinable
    func clear(at index: Int) { slot(index).assumingMemoryBound(to: Word.self).pointee.store(0, ordering: .relaxed) }

    /// Takes the store's copy of the handler of slot `index` out of the list; its bits stay, for
    /// the sends a hazard lets read them (writers only).
    @inlinable
    func takeHandler(at index: Int) -> Handler { handler(at: index).move().handler }

    /// Adds a slot at the end holding `handler` (the store's copy); the list must have room
    /// (writers only, under the store's lock).
    @inlinable
    func append(token: UInt64, handler: consuming Handler) -> Int {
        let index = base.assumingMemoryBound(to: Atomic<Int>.self).pointee.load(ordering: .relaxed)
        tokens[index] = token
        self.handler(at: index).initialize(to: Slot(handler))
        publishSlot(index)
        return index
    }

    /// Adds a slot at the end holding the bits of `source`'s slot `index`: the store's copy of
    /// that handler now lives here (growth and compaction; writers only).
    @inlinable
    func copySlot(_ index: Int, of source: HandlerList) {
        let end = base.assumingMemoryBound(to: Atomic<Int>.self).pointee.load(ordering: .relaxed)
        tokens[end] = source.tokens[index]
        (slot(end) + 8).copyMemory(from: source.slot(index) + 8, byteCount: MemoryLayout<Slot>.size)
        publishSlot(end)
    }

    /// Marks slot `index` live, then counts it (releasing: a send that reads the new count, by an
    /// acquiring load, sees the slot, and the version stored before it).
    @inlinable
    func publishSlot(_ index: Int) {
        slot(index).assumingMemoryBound(to: Word.self).pointee.store(1, ordering: .relaxed)
        base.assumingMemoryBound(to: Atomic<Int>.self).pointee.store(index + 1, ordering: .releasing)
    }

    /// Empties a list that nothing publishes and no hazard names, to use it again (writers only).
    @inlinable
    func reset() { base.assumingMemoryBound(to: Atomic<Int>.self).pointee.store(0, ordering: .relaxed) }

    /// The index of the slot with `token`, looking at `hint` first: lists only ever move a slot
    /// towards the front, so a subscription's first index bounds the search.
    @inlinable
    func index(of token: UInt64, hint: Int) -> Int? {
        let count = self.count
        if hint >= 0, hint < count, tokens[hint] == token { return hint }
        var low = 0
        var high = hint >= 0 && hint < count ? hint : count
        while low < high {
            let middle = low + (high - low) / 2
            if tokens[middle] < token { low = middle + 1 } else { high = middle }
        }
        return low < count && tokens[low] == token ? low : nil
    }
}

/// A handler as a `HandlerList` slot holds it. Noncopyable, so that reading it in place through
/// a pointer's `pointee` borrows it: a copyable value read there is copied, which retains its
/// closure's context (a reference count every sending thread would write). Its methods take it
/// borrowed, and call the closure without retaining it.
@usableFromInline @frozen
struct SlotHandler<Sender, Args, Result>: ~Copyable {
    @usableFromInline let handler: StoredHandler<Sender, Args, Result>

    @inlinable init(_ handler: StoredHandler<Sender, Args, Result>) { self.handler = handler }

    /// Calls the handler if it is a plain one (the user's closure, no state) and returns its
    /// result; nil, calling nothing, for the other kinds.
    @inlinable
    func callIfPlain(_ sender: Sender, _ args: Args) -> Result? { handler.plain?(sender, args) }

    /// Calls the handler, giving its result to `consume`; returns whether it finished (a
    /// one-shot handler that ran, or an owner found gone: removable) and whether `consume`
    /// asked to stop.
    @inlinable
    func call(_ sender: Sender, _ args: Args, _ consume: (Result) -> Bool) -> (finished: Bool, stop: Bool) {
        if let result = handler.plain?(sender, args) { return (false, !consume(result)) }
        switch handler.special {
        case .owned(let owned)?:
            guard let owner = owned.owner else { return (true, false) }
            return (false, !consume(owned.call(owner, sender, args)))
        case .once(let once)?:
            guard once.claim() else { return (false, false) }
            return (true, !consume(once.call(sender, args)))
        case nil:
            return (false, false)
        }
    }

    /// See `StoredHandler.isFinished`.
    @inlinable var isFinished: Bool { handler.isFinished }

    /// See `StoredHandler.hasRun`.
    @inlinable var hasRun: Bool { handler.hasRun }
}
