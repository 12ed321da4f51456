#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A value guarded by a pthread mutex. Keep the closure short and never run user code in it
/// (handlers, user deinits): move such values out and drop them after unlocking (the audit of
/// every critical section is in CONTRIBUTING.md, "Never user code under a lock").
///
/// In DEBUG builds the mutex checks errors: a thread that takes a lock it already holds (user
/// code that ran under the lock and re-entered OnKit) stops with a message naming the rule,
/// instead of hanging.
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
        #if DEBUG
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ERRORCHECK))
        let status = pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
        #else
        let status = pthread_mutex_init(mutex, nil)
        #endif
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
        let status = pthread_mutex_lock(mutex)
        if status != 0 { Self.lockFailed(status) }
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state.pointee)
    }

    /// Stops the process: the lock could not be taken (in DEBUG builds, `EDEADLK`: this thread
    /// already holds it, so waiting would hang forever).
    /// Runs `body` under the lock if no thread holds it now; nil, without waiting, if one does.
    func withLockIfAvailable<Result>(_ body: (inout sending State) throws -> sending Result) rethrows -> sending Result? {
        let status = pthread_mutex_trylock(mutex)
        if status == EBUSY { return nil }
        if status != 0 { Self.lockFailed(status) }
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state.pointee)
    }

    @usableFromInline
    static func lockFailed(_ status: Int32) -> Never {
        if status == EDEADLK {
            preconditionFailure(
                "OnKit: a lock was taken again by the thread that holds it: user code (a deinit, a handler) ran "
                    + "under an OnKit lock and re-entered OnKit. Nothing may be released or called under a lock "
                    + "(CONTRIBUTING.md, \"Never user code under a lock\").")
        }
        preconditionFailure("OnKit: pthread_mutex_lock failed (\(status))")
    }
}
