#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Tells the thread sanitizer about an ordering it cannot see, when the process runs under it.
///
/// `HandlerStore.invokeEach` reads handlers in place from its snapshot of the slots, after
/// unlocking. A later in-place write to those slots (a cancel leaving a tombstone) or their
/// release happens only once the buffer is uniquely referenced again, that is after every
/// snapshot of it was released: the buffer's reference count orders the two. Those are atomics
/// inside the Swift runtime, which the sanitizer does not instrument, so without a hint
/// `swift test --sanitize=thread` reports such a write as a race with the earlier read.
///
/// A send calls `release` on the buffer it read when it is done with it; a change that writes
/// slots in place calls `acquire` on that buffer first (`HandlerList.orderAfterSnapshotReads`).
/// Outside the sanitizer both are nil and a hint costs one load and one branch. (Freeing a buffer
/// needs no hint: the runtime frees it, and the sanitizer does not check frees from there.)
@usableFromInline
enum ThreadSanitizerHints {
    @usableFromInline typealias Hint = @convention(c) (UnsafeRawPointer?) -> Void

    /// `__tsan_release`, when the sanitizer's runtime is loaded.
    @usableFromInline static let release = lookUp("__tsan_release")
    /// `__tsan_acquire`, when the sanitizer's runtime is loaded.
    @usableFromInline static let acquire = lookUp("__tsan_acquire")

    private static func lookUp(_ name: String) -> Hint? {
        #if canImport(Darwin)
        let symbol = dlsym(RTLD_DEFAULT, name)
        #else
        let symbol = dlsym(nil, name)  // RTLD_DEFAULT, which Glibc exports as nil
        #endif
        // Sound: both functions are `void (void *addr)` in the sanitizer's interface.
        return symbol.map { unsafeBitCast($0, to: Hint.self) }
    }
}
