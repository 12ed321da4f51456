#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// Per-thread hazard slots: how a send tells writers which handler list it is reading, without
/// writing anything that another thread writes.
///
/// Each thread that ever sends owns a record of slots (a 128-byte block, so two threads' slots
/// never share a cache line). A send takes the first free slot of its thread's record, writes the
/// address of the list it reads into it, and clears it when done; nested sends take the next
/// slots, so the used slots always form a prefix of the record and its overflow chunks. A writer
/// (subscribe, cancel, compaction) that retires a list or a handler scans every record and frees
/// only what no slot names (see `HandlerStore.collect(_:)` for the ordering argument).
///
/// Why per-thread slots and not epochs or a reader count: a handler that blocks inside a send (a
/// modal run loop) keeps its slot set, which pins that one event's retired lists and handlers and
/// nothing else in the process; and a send writes only its own thread's line, so sends on one
/// shared event from many threads scale.
///
/// Records are never freed: a thread's record returns to the pool when the thread exits (a
/// `pthread` key destructor) and the next new thread takes it, so there are as many records as
/// threads ever sent at once.
@usableFromInline
enum ReadHazards {
    /// A record or an overflow chunk: 16 words. Word 0 links the process-wide list of records,
    /// word 1 is 1 while a thread owns the record, word 2 is the next overflow chunk (0 if none),
    /// words 3..<16 are slots (0 when free, a list's address when in use).
    @usableFromInline typealias Record = UnsafeMutablePointer<Atomic<UInt>>

    static let words = 16
    static let firstSlot = 3

    /// The first record of the process-wide list (an address; records are pushed at the front).
    private static let head = Atomic<UInt>(0)

    /// The calling thread's first free slot. Only the calling thread writes its slots, so a
    /// relaxed load finds a free one; the caller writes it and clears it before it returns.
    @usableFromInline
    static func freeSlot() -> Record {
        var chunk: Record
        if let raw = pthread_getspecific(recordKey) {
            chunk = raw.assumingMemoryBound(to: Atomic<UInt>.self)
        } else {
            chunk = adoptRecord()
            pthread_setspecific(recordKey, UnsafeRawPointer(chunk))
        }
        while true {
            for index in firstSlot..<words where chunk[index].load(ordering: .relaxed) == 0 {
                return chunk + index
            }
            // Every slot is used: sends nested more than 13 deep. Overflow chunks are the
            // thread's own and stay with its record.
            let next = chunk[2].load(ordering: .acquiring)
            if let existing = Record(bitPattern: next) {
                chunk = existing
            } else {
                let fresh = allocateChunk()
                chunk[2].store(UInt(bitPattern: fresh), ordering: .releasing)
                chunk = fresh
            }
        }
    }

    /// Calls `body` with every slot's value that is not 0 (each a list some send is reading).
    /// Sequentially consistent loads: the half of the store-then-load argument a writer makes.
    @usableFromInline
    static func forEachHazard(_ body: (UInt) -> Void) {
        var record = Record(bitPattern: head.load(ordering: .acquiring))
        while let current = record {
            var chunk: Record? = current
            while let slots = chunk {
                for index in firstSlot..<words {
                    let value = slots[index].load(ordering: .sequentiallyConsistent)
                    if value != 0 { body(value) }
                }
                chunk = Record(bitPattern: slots[2].load(ordering: .acquiring))
            }
            record = Record(bitPattern: current[0].load(ordering: .acquiring))
        }
    }

    /// A free record from the pool, or a new one pushed on the list.
    private static func adoptRecord() -> Record {
        var record = Record(bitPattern: head.load(ordering: .acquiring))
        while let current = record {
            if current[1].compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged { return current }
            record = Record(bitPattern: current[0].load(ordering: .acquiring))
        }
        let fresh = allocateChunk()
        fresh[1].store(1, ordering: .relaxed)
        var first = head.load(ordering: .relaxed)
        while true {
            fresh[0].store(first, ordering: .relaxed)
            let (exchanged, original) = head.compareExchange(
                expected: first, desired: UInt(bitPattern: fresh), ordering: .releasing)
            if exchanged { return fresh }
            first = original
        }
    }

    /// Gives a record back when its thread exits (every slot is free then: no send is running).
    fileprivate static func release(_ raw: UnsafeMutableRawPointer?) {
        guard let raw else { return }
        raw.assumingMemoryBound(to: Atomic<UInt>.self)[1].store(0, ordering: .releasing)
    }

    private static func allocateChunk() -> Record {
        let raw = UnsafeMutableRawPointer.allocate(byteCount: words * MemoryLayout<UInt>.stride, alignment: 128)
        let chunk = raw.bindMemory(to: Atomic<UInt>.self, capacity: words)
        for index in 0..<words { (chunk + index).initialize(to: Atomic(0)) }
        return chunk
    }
}

/// The key of each thread's record; its destructor returns the record to the pool.
private let recordKey: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { ReadHazards.release($0) }
    precondition(status == 0, "OnKit: pthread_key_create failed (\(status)): no thread-local slot is left")
    return key
}()
