import Synchronization

/// The process's one publication counter (see `ForeignPublication`).
private let publications = Atomic<UInt64>(0)

/// Orders what a thread made before handing it to a system library against its use on the
/// thread the library calls back, in a way the thread sanitizer can see.
///
/// Why: `NotificationCenter` (FoundationEssentials, on Linux) keeps observer blocks under a
/// futex-based `Mutex`, which the sanitizer does not see. The lock does order the registration
/// before a post that finds the block; without seeing it, `swift test --sanitize=thread` reported
/// the block's first read of a just-made observer as a race with its initialization (a false
/// report, but a sanitizer run that is sometimes red is worthless). A release increment here
/// after making what the block uses, and an acquire load in the block before using it, repeat
/// that ordering on an atomic the sanitizer follows. Real atomics, no hint to a sanitizer: the
/// cost is one atomic operation on each side, on paths that already take locks.
enum ForeignPublication {
    /// Call after making everything the callback will use, before registering it.
    static func publish() {
        publications.add(1, ordering: .releasing)
    }

    /// Call at the start of the callback, before using what was published.
    static func receive() {
        _ = publications.load(ordering: .acquiring)
    }
}
