/// Mutable storage: for `CoreLatch`, `CoreBarrier` and `CoreClock`, which guard every access
/// with their lock, and for tests that touch it from one thread only (a handler reaching its
/// own subscription).
final class CoreBox<T>: @unchecked Sendable {
    // @unchecked is sound: every user either holds a lock or stays on one thread (see above).
    var storage: T
    init(_ storage: T) { self.storage = storage }
}
