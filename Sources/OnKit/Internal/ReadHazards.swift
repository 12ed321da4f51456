#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization
#if os(Linux)
internal import OnKitThreadLocal
#endif

/// Per-thread hazard slots: how a send tells writers which handler list it is reading, and from
/// which point on, without writing anything that another thread writes.
///
/// Each thread that sends owns a record (a 128-byte block, so two threads' slots never share a
/// cache line). A send takes the first free slot of its thread's record, writes into it the
/// address of the list it reads and the store's version it read (`HandlerStore.invokeEach`),
/// and clears it when done; nested sends take the next slots (overflow chunks past six). A
/// writer that retires a list or a handler reads every slot (`forEachHazard`) and frees only
/// what no slot can still reach (see `HandlerStore.collect(_:)` for the ordering argument).
///
/// Why per-thread slots and not epochs or a reader count: a handler that blocks inside a send (a
/// modal run loop) keeps its slot set, which pins only what that one send can reach; and a send
/// writes only its own thread's line, so sends on one shared event from many threads scale.
///
/// ## Records live as long as their thread
/// The records of live threads form one linked list that writers walk with no lock. A thread's
/// record leaves that list when the thread exits (its `pthread` key's destructor, below), slots
/// cleared, so a writer's scan costs O(threads alive now), never O(threads ever seen); the record
/// itself is kept in a pool for the next new thread (never freed: a writer may still be standing
/// on it, and then follows its link back into the list). Linking and unlinking take one global
/// lock; they happen once per thread.
///
/// A thread that exits inside a handler (`pthread_exit`) leaves a slot set: the destructor clears
/// it. A send made by another key's destructor after this key's destructor ran would set a
/// record that nothing ever returns: such sends use a transient record, returned when the send
/// ends (`leave(_:)`).
///
/// ## Ordering
/// Every load and store of a record link, of the list head, of a chunk link and of a slot's
/// address is sequentially consistent: the scan's argument ("a writer's store, then its scan;
/// a sender's hazard store, then its reload") needs the scan's walk and the sender's publication
/// of its record in one total order, under the C++/Swift memory model, on every CPU (an
/// acquire load of the head could miss a record whose owner's reload saw the old list, which
/// AArch64's `LDAPR` allows).
@usableFromInline
enum ReadHazards {
    /// A record or an overflow chunk: 16 words of 64 bits (64 also on 32-bit platforms, since a
    /// slot holds a store version).
    ///
    /// - word 0: the next record of the list of live threads' records (0 at the end);
    /// - word 1: which adoption gave the record to its thread (registry lock; for tests);
    /// - word 2: the next overflow chunk (0 if none), the thread's own;
    /// - word 3: `transient` for a record lent to one send, else 0;
    /// - words 4..<16: six slots of two words: the list's address (0 when free), then the version
    ///   the send read (`unknownVersion` until it is written, and again once the send is done).
    @usableFromInline typealias Record = UnsafeMutablePointer<Atomic<UInt64>>

    static let words = 16
    static let firstSlot = 4
    /// Word 3 of a record lent to one send (see `leave(_:)`).
    @usableFromInline static var transient: UInt64 { .max }
    /// A slot's version while its send has not read one: pins everything of its list's store.
    @usableFromInline static var unknownVersion: UInt64 { .max }

    /// The first record of the list of live threads' records.
    private static let head = Atomic<UInt64>(0)

    /// The records not owned by a thread, and the lock that orders every change of the live list
    /// (scans take no lock).
    private struct Registry {
        /// Addresses of pooled records.
        var pool: [UInt] = []
        /// Adoptions so far.
        var adoptions: UInt64 = 0
    }

    private static let registry = Locked(Registry())

    // MARK: Sending

    /// The calling thread's first free slot. Only the calling thread writes its slots, so a
    /// relaxed load finds a free one; the caller writes it and gives it back with `leave(_:)`.
    ///
    /// The common case (the thread has a record and its first slot is free: a send that is not
    /// nested) is a few instructions; everything else is `enterSlowly()`, kept out of line so
    /// that the common case saves no registers.
    @usableFromInline
    static func enter() -> Record {
        if let raw = threadRecord, UInt(bitPattern: raw) != exitedMark {
            let record = raw.assumingMemoryBound(to: Atomic<UInt64>.self)
            if record[firstSlot].load(ordering: .relaxed) == 0 { return record + firstSlot }
        }
        return enterSlowly()
    }

    /// `enter()` for a thread with no record yet, an exiting thread, or a nested send.
    @inline(never)
    private static func enterSlowly() -> Record {
        let raw = threadRecord
        var chunk: Record
        if let raw, UInt(bitPattern: raw) != exitedMark {
            chunk = raw.assumingMemoryBound(to: Atomic<UInt64>.self)
            if chunk[firstSlot].load(ordering: .relaxed) == 0 { missedCommonCases.add(1, ordering: .relaxed) }
        } else if raw == nil {
            chunk = adopt(transient: false)
            setThreadRecord(chunk)
        } else {
            // This thread is exiting and its record was returned: a record set now would never
            // be returned, so this send borrows one until it ends.
            return adopt(transient: true) + firstSlot
        }
        while true {
            for index in stride(from: firstSlot, to: words, by: 2) where chunk[index].load(ordering: .relaxed) == 0 {
                return chunk + index
            }
            // Every slot is used: sends nested more than six deep. Overflow chunks are the
            // thread's own and stay with its record.
            let next = chunk[2].load(ordering: .sequentiallyConsistent)
            if let existing = Record(bitPattern: UInt(next)) {
                chunk = existing
            } else {
                let fresh = allocateChunk()
                chunk[2].store(UInt64(UInt(bitPattern: fresh)), ordering: .sequentiallyConsistent)
                chunk = fresh
            }
        }
    }

    /// Sends that came to `enterSlowly()` although their thread had a record with its first
    /// slot free: `enter()`'s common case. Only a build where `enter` read another copy of the
    /// thread-local variable does that, so in a sound build nothing ever writes this (no shared
    /// write on any send); the release build's check reads it (`OnKitDiagnostics`).
    static let missedCommonCases = Atomic<Int>(0)

    /// Gives back a slot taken with `enter()`: its version first, then its address (a writer
    /// that still reads this address reads `unknownVersion` or a later send's).
    ///
    /// The address is cleared with a releasing store, not a sequentially consistent one (on x86
    /// a plain store instead of an `xchg`): a writer whose scan reads this 0 (a sequentially
    /// consistent, so acquiring, load) synchronizes with it, so every read this send made happens
    /// before whatever that writer frees. The argument in `HandlerStore.collect(_:)` needs no
    /// more: the next hazard store on this slot is sequentially consistent and this clear happens
    /// before it, so a scan that follows that store in the total order cannot read this clear.
    ///
    /// Returns whether a write on this thread, during this send, retired something that only
    /// this slot kept it from freeing (`markOwnSlots`): the caller then frees it (a handler that
    /// cancelled itself is released when its send ends).
    ///
    /// Always inlined: the optimizer outlined it otherwise, and the call cost about as much as
    /// the body (15 of a one-handler send's 159 instructions).
    @inlinable @inline(__always)
    static func leave(_ slot: Record) -> Bool {
        let marked = slot.pointee.load(ordering: .relaxed) & reclaimMark != 0
        (slot + 1).pointee.store(unknownVersion, ordering: .relaxed)
        slot.pointee.store(0, ordering: .releasing)
        // Records and chunks are 128-byte aligned: the slot's own block holds the mark.
        let block = Record(bitPattern: UInt(bitPattern: slot) & ~UInt(127))
        if let block, block[3].load(ordering: .relaxed) == transient { returnTransient(block) }
        return marked
    }

    /// Bit 0 of a slot's address (lists are 16-byte aligned): set by a write on the slot's own
    /// thread that retired something this slot pins; scans ignore it.
    @usableFromInline static var reclaimMark: UInt64 { 1 }

    /// Marks the calling thread's slots that name a list `naming` accepts, so that their sends
    /// free what they pin when they leave. Only this thread writes its slots, so plain stores
    /// suffice.
    @usableFromInline
    static func markOwnSlots(naming: (UInt) -> Bool) {
        guard let raw = threadRecord, UInt(bitPattern: raw) != exitedMark else { return }
        var chunk: Record? = raw.assumingMemoryBound(to: Atomic<UInt64>.self)
        while let slots = chunk {
            for index in stride(from: firstSlot, to: words, by: 2) {
                let address = slots[index].load(ordering: .relaxed)
                if address != 0, naming(UInt(address & ~reclaimMark)) {
                    slots[index].store(address | reclaimMark, ordering: .relaxed)
                }
            }
            chunk = Record(bitPattern: UInt(slots[2].load(ordering: .relaxed)))
        }
    }

    // MARK: Scanning

    /// Calls `body` with each slot in use: the list it names and the version its send read
    /// (`unknownVersion` if not yet written). Sequentially consistent loads of the links and the
    /// address (see the type); the version is read after its address, so it is that send's, a
    /// later send's on the same slot, or unknown.
    @usableFromInline
    static func forEachHazard(_ body: (_ list: UInt, _ version: UInt64) -> Void) {
        var record = Record(bitPattern: UInt(head.load(ordering: .sequentiallyConsistent)))
        while let current = record {
            var chunk: Record? = current
            while let slots = chunk {
                for index in stride(from: firstSlot, to: words, by: 2) {
                    let address = slots[index].load(ordering: .sequentiallyConsistent) & ~reclaimMark
                    if address != 0 { body(UInt(address), slots[index + 1].load(ordering: .acquiring)) }
                }
                chunk = Record(bitPattern: UInt(slots[2].load(ordering: .sequentiallyConsistent)))
            }
            record = Record(bitPattern: UInt(current[0].load(ordering: .sequentiallyConsistent)))
        }
    }

    /// The adoption that gave the calling thread its record (for tests: unique per adoption,
    /// unlike a pooled record's address); nil if it has none.
    static var currentAdoption: UInt64? {
        guard let raw = threadRecord, UInt(bitPattern: raw) != exitedMark else { return nil }
        return raw.assumingMemoryBound(to: Atomic<UInt64>.self)[1].load(ordering: .relaxed)
    }

    /// Whether the record of `adoption` is still in the list writers scan (for tests).
    static func isLive(adoption: UInt64) -> Bool {
        registry.withLock { _ in
            var record = Record(bitPattern: UInt(head.load(ordering: .sequentiallyConsistent)))
            while let current = record {
                if current[1].load(ordering: .relaxed) == adoption { return true }
                record = Record(bitPattern: UInt(current[0].load(ordering: .sequentiallyConsistent)))
            }
            return false
        }
    }

    // MARK: Records

    /// A record from the pool, or a new one, linked at the front of the live list.
    private static func adopt(transient: Bool) -> Record {
        registry.withLock { registry in
            let record = registry.pool.popLast().flatMap { Record(bitPattern: $0) } ?? allocateChunk()
            record[3].store(transient ? Self.transient : 0, ordering: .relaxed)
            registry.adoptions += 1
            record[1].store(registry.adoptions, ordering: .relaxed)
            record[0].store(head.load(ordering: .sequentiallyConsistent), ordering: .sequentiallyConsistent)
            head.store(UInt64(UInt(bitPattern: record)), ordering: .sequentiallyConsistent)
            return record
        }
    }

    /// Clears every slot of `record` and its chunks (their sends are over, or their thread is
    /// gone), unlinks it from the live list and puts it in the pool. Its own link is left as it
    /// is: a writer standing on it follows it back into the list.
    private static func retire(_ record: Record) {
        var chunk: Record? = record
        while let slots = chunk {
            for index in stride(from: firstSlot, to: words, by: 2) {
                slots[index + 1].store(unknownVersion, ordering: .relaxed)
                slots[index].store(0, ordering: .sequentiallyConsistent)
            }
            chunk = Record(bitPattern: UInt(slots[2].load(ordering: .relaxed)))
        }
        let address = UInt64(UInt(bitPattern: record))
        registry.withLock { registry in
            if head.load(ordering: .sequentiallyConsistent) == address {
                head.store(record[0].load(ordering: .sequentiallyConsistent), ordering: .sequentiallyConsistent)
            } else {
                var previous = Record(bitPattern: UInt(head.load(ordering: .sequentiallyConsistent)))
                while let current = previous {
                    let next = current[0].load(ordering: .sequentiallyConsistent)
                    if next == address {
                        current[0].store(record[0].load(ordering: .sequentiallyConsistent), ordering: .sequentiallyConsistent)
                        break
                    }
                    previous = Record(bitPattern: UInt(next))
                }
            }
            registry.pool.append(UInt(address))
        }
    }

    /// Returns a record lent to one send (its thread's record was already returned).
    @usableFromInline
    static func returnTransient(_ record: Record) { retire(record) }

    /// The key's destructor: the thread is exiting. The record is returned at once (slots
    /// cleared: a thread that exits inside a handler left one set), and the key set to a mark, so
    /// that a send made later by another key's destructor borrows a transient record instead of
    /// setting one that nothing would return. Setting the mark makes the system run another
    /// destructor round, which sets it again, until its last round.
    ///
    /// Not under the thread sanitizer: it ends the thread in the last destructor round, after
    /// which no instrumented code may run, and this function would run there. So a sanitized
    /// build sets no mark, and a send from a destructor that runs after this one takes a record
    /// that is returned in the next round, or never if that was the last.
    fileprivate static func threadExiting(_ raw: UnsafeMutableRawPointer?) {
        if threadSanitizerIsActive {
            setThreadRecord(nil, keyToo: false)  // the system already cleared the key
        } else {
            setThreadRecord(UnsafeMutableRawPointer(bitPattern: exitedMark))
        }
        guard let raw, UInt(bitPattern: raw) != exitedMark else { return }
        retire(raw.assumingMemoryBound(to: Atomic<UInt64>.self))
    }

    /// Whether the process runs under the thread sanitizer (its runtime is linked in).
    static let threadSanitizerIsActive: Bool = {
        guard let process = dlopen(nil, RTLD_NOW) else { return false }
        defer { dlclose(process) }
        return dlsym(process, "__tsan_init") != nil
    }()

    // MARK: The thread's record

    /// The calling thread's record, `exitedMark` once its key's destructor returned it, or nil.
    /// On Linux a C thread-local variable (one load; `pthread_getspecific` is a call and a key
    /// lookup, on every send), which mirrors the key: the key is still set, for its destructor.
    @inline(__always)
    private static var threadRecord: UnsafeMutableRawPointer? {
        #if os(Linux)
        onkit_thread_record_get()
        #else
        pthread_getspecific(recordKey)
        #endif
    }

    /// Sets the calling thread's record, and its key unless `keyToo` is false.
    private static func setThreadRecord(_ record: UnsafeMutableRawPointer?, keyToo: Bool = true) {
        #if os(Linux)
        onkit_thread_record_set(record)
        #endif
        if keyToo { pthread_setspecific(recordKey, record) }
    }

    private static func allocateChunk() -> Record {
        let raw = UnsafeMutableRawPointer.allocate(byteCount: words * MemoryLayout<UInt64>.stride, alignment: 128)
        let chunk = raw.bindMemory(to: Atomic<UInt64>.self, capacity: words)
        for index in 0..<words { (chunk + index).initialize(to: Atomic(0)) }
        for index in stride(from: firstSlot, to: words, by: 2) { chunk[index + 1].store(unknownVersion, ordering: .relaxed) }
        return chunk
    }
}

/// The key's value once the thread's record was returned by its destructor (never a record's
/// address: records are 128-byte aligned).
private let exitedMark: UInt = 1

/// The key of each thread's record; its destructor returns the record (see `threadExiting`).
private let recordKey: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { ReadHazards.threadExiting($0) }
    precondition(status == 0, "OnKit: pthread_key_create failed (\(status)): no thread-local slot is left")
    return key
}()
