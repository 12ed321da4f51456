#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A value guarded by a pthread mutex. Keep the closure short and never run user code in it
/// (handlers, user deinits): move such values out and drop them after unlocking.
///
/// Not `Synchronization.Mutex`: on Linux it parks on a futex the thread sanitizer cannot see,
/// so sanitizer runs reported races that do not exist. The state sits behind a pointer, not in
/// a class `var`, to skip the dynamic exclusivity check (~80 instructions a lock) that the
/// mutex makes useless.
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
