#if !canImport(ObjectiveC)
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The side table's releases in progress, so that `releaseValuesOfDeadHosts()` can wait for
/// values another sweep took out of the table and is still releasing.
///
/// A sweep that takes values out opens a ticket under the shard lock it took them under (so a
/// later sweep of the same slots, finding them gone, is sure to see the ticket), and closes it
/// once it released them, after the lock. Tickets count up: a waiter reads the next number
/// after its own sweep (`horizon()`), and waits until no ticket below it is open.
///
/// A thread that holds an open ticket never waits (`waitForTicketsBefore` returns at once): it
/// is inside a value's deinit that the table runs, and would wait for itself. So no waiter holds
/// a ticket, and no two threads can wait for each other.
///
/// Lock order: a shard lock, then this one; never the other way (nothing here takes a shard
/// lock, nor runs user code, nor releases a value).
final class Releases: @unchecked Sendable {
    // @unchecked is sound: `state` is only touched between lock and unlock of `mutex`.
    private struct State {
        var next: UInt64 = 0
        /// Open tickets, and the thread that holds each.
        var open: [UInt64: pthread_t] = [:]
        var waiters = 0
    }

    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let state = UnsafeMutablePointer<State>.allocate(capacity: 1)

    init() {
        mutex.initialize(to: pthread_mutex_t())
        condition.initialize(to: pthread_cond_t())
        state.initialize(to: State())
        let status = pthread_mutex_init(mutex, nil) | pthread_cond_init(condition, nil)
        precondition(status == 0, "OnKit: pthread_mutex_init or pthread_cond_init failed: \(status)")
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deinitialize(count: 1)
        condition.deallocate()
        mutex.deinitialize(count: 1)
        mutex.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Opens a ticket held by this thread (called under the shard lock of what it took).
    func open() -> UInt64 {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        let ticket = state.pointee.next
        state.pointee.next += 1
        state.pointee.open[ticket] = pthread_self()
        return ticket
    }

    /// Closes `ticket`: what it took is released.
    func close(_ ticket: UInt64) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        state.pointee.open[ticket] = nil
        if state.pointee.waiters > 0 { pthread_cond_broadcast(condition) }
    }

    /// The number of the next ticket: every ticket opened before this call is below it.
    func horizon() -> UInt64 {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return state.pointee.next
    }

    /// How many threads wait in `waitForTicketsBefore` now (for tests).
    var waiterCount: Int {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return state.pointee.waiters
    }

    /// Waits until every ticket below `horizon` is closed; returns at once on a thread that
    /// holds an open ticket (see the type).
    func waitForTicketsBefore(_ horizon: UInt64) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        let me = pthread_self()
        if state.pointee.open.values.contains(where: { pthread_equal($0, me) != 0 }) { return }
        state.pointee.waiters += 1
        while state.pointee.open.keys.contains(where: { $0 < horizon }) {
            pthread_cond_wait(condition, mutex)
        }
        state.pointee.waiters -= 1
    }
}
#endif
