import Synchronization

/// The process's one publication counter (see `ForeignPublication`).
private let publications = Atomic<UInt64>(0)

/// Orders what a thread made before handing it to a system library against its use on the
/// thread the library calls back, visibly to the thread sanitizer.
///
/// `NotificationCenter` (Linux FoundationEssentials) guards observer blocks with a futex `Mutex`
/// the sanitizer cannot see, so it reported a block's first read of a just-made observer as a
/// race (false, but a sometimes-red sanitizer run is worthless). A release increment before
/// registering and an acquire load in the block repeat that ordering on a real atomic.
enum ForeignPublication {
    /// Call after making everything the callback will use, before registering it.
    static func publish() { publications.add(1, ordering: .releasing) }

    /// Call at the start of the callback, before using what was published.
    static func receive() { _ = publications.load(ordering: .acquiring) }
}
