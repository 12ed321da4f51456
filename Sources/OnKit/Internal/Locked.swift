#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A value guarded by a pthread mutex.
///
/// Why not `Synchronization.Mutex`: on Linux it parks on a futex the thread sanitizer cannot see,
/// and `swift test --sanitize=thread` then reports races that do not exist (6 runs in 20 here).
/// A pthread mutex is intercepted by the sanitizer, so a red sanitizer run means a real race.
///
/// Why the state sits behind a pointer and not in a `var` of the class: a class `var` passed
/// `inout` pays Swift's dynamic exclusivity check (`swift_beginAccess`/`swift_endAccess`, a
/// thread-local access set: ~80 instructions a lock, more than the mutex itself). The mutex
/// already guarantees exclusive access, so the check buys nothing here.
///
/// Rules for callers: keep the closure short, and never call user code (handlers, deinits of
/// user objects) inside it; move such values out and drop them after the lock is released.
@usableFromInline
final class Locked<State>: @unchecked Sendable {
    // @unchecked is sound: `state` is only read or written between lock and unlock of `mutex`,
    // and the initial value and every result cross in and out as `sending`, as with `Mutex`.
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline let state: UnsafeMutablePointer<State>

    @usableFromInline
    init(_ state: sending State) {
        self.state = UnsafeMutablePointer<State>.allocate(capacity: 1)
        self.state.initialize(to: state)
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Runs `body` with exclusive access to the state.
    @inlinable
    func withLock<Result>(_ body: (inout sending State) throws -> sending Result) rethrows -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state.pointee)
    }
}
