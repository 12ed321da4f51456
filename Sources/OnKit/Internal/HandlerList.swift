import Synchronization

/// A published list of handlers: what a send reads, with no lock and no reference counting.
///
/// One allocation, 16-byte aligned (so bit 0 of its address is free for `HandlerStore`'s pending
/// flag): `count`, `capacity`, then `capacity` tokens, then `capacity` words. A word is the
/// address of a `HandlerBox` the store owns (one retain per box, whatever the lists), or 0 once
/// its handler was removed (a tombstone).
///
/// Append-only: slots below `count` never change except that a word may become 0, so a send
/// reads `count` once and every slot below it without a lock. Appending writes the token and the
/// word, then `count` (sequentially consistent, so also releasing: see `HandlerStore.collect`),
/// so a send that sees the new count sees the slot; one that read the old count never visits it
/// (a handler added during a send is not called by it).
/// Compaction and growth make a new list; the old one is retired, not changed. Tokens increase
/// along a list, and only writers (under the store's lock) read them.
///
/// Frozen: one pointer, read by inlinable sends.
@usableFromInline @frozen
struct HandlerList {
    @usableFromInline let base: UnsafeMutableRawPointer

    @inlinable init(address: UInt) {
        // Sound: only called with an address `make(capacity:)` returned (never 0).
        base = UnsafeMutableRawPointer(bitPattern: address)!
    }

    private init(base: UnsafeMutableRawPointer) { self.base = base }

    /// The list's address, as published and as a hazard slot names it.
    @inlinable var address: UInt { UInt(bitPattern: base) }

    @usableFromInline static var header: Int { 16 }

    /// A new empty list with room for `capacity` handlers.
    @usableFromInline
    static func make(capacity: Int) -> HandlerList {
        let bytes = header + capacity * (MemoryLayout<UInt64>.stride + MemoryLayout<UInt>.stride)
        let list = HandlerList(base: .allocate(byteCount: bytes, alignment: 16))
        list.base.initializeMemory(as: Atomic<Int>.self, to: Atomic(0))
        (list.base + 8).initializeMemory(as: Int.self, to: capacity)
        for index in 0..<capacity { (list.words + index).initialize(to: Atomic(0)) }
        return list
    }

    /// Frees the memory (the boxes are the store's, released elsewhere).
    @usableFromInline func free() { base.deallocate() }

    /// Slots in use, tombstones included. Sequentially consistent (so acquiring: the slots below
    /// it are written): a send's version load must follow it in the one total order.
    @inlinable var count: Int {
        base.assumingMemoryBound(to: Atomic<Int>.self).pointee.load(ordering: .sequentiallyConsistent)
    }

    @usableFromInline var capacity: Int { (base + 8).assumingMemoryBound(to: Int.self).pointee }

    @usableFromInline var tokens: UnsafeMutablePointer<UInt64> {
        (base + Self.header).assumingMemoryBound(to: UInt64.self)
    }

    @inlinable var words: UnsafeMutablePointer<Atomic<UInt>> {
        (base + 16 + (base + 8).assumingMemoryBound(to: Int.self).pointee * 8)
            .assumingMemoryBound(to: Atomic<UInt>.self)
    }

    /// The box address in slot `index`, or 0. Sequentially consistent: the reader's half of the
    /// store-then-load argument in `HandlerStore.collect(_:)`.
    @inlinable
    func word(at index: Int) -> UInt { words[index].load(ordering: .sequentiallyConsistent) }

    /// Makes slot `index` a tombstone (writers only, under the store's lock).
    @usableFromInline func clear(at index: Int) { words[index].store(0, ordering: .sequentiallyConsistent) }

    /// Adds a slot at the end; the list must have room (writers only, under the store's lock).
    @usableFromInline
    func append(token: UInt64, word: UInt) -> Int {
        let index = base.assumingMemoryBound(to: Atomic<Int>.self).pointee.load(ordering: .relaxed)
        tokens[index] = token
        words[index].store(word, ordering: .relaxed)
        base.assumingMemoryBound(to: Atomic<Int>.self).pointee.store(index + 1, ordering: .sequentiallyConsistent)
        return index
    }

    /// Empties a list that nothing publishes and no hazard names, to use it again (writers only).
    @usableFromInline
    func reset() { base.assumingMemoryBound(to: Atomic<Int>.self).pointee.store(0, ordering: .relaxed) }

    /// The index of the slot with `token`, looking at `hint` first: lists only ever move a slot
    /// towards the front, so a subscription's first index bounds the search.
    @usableFromInline
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
