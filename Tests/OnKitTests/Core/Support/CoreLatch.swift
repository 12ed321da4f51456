import Foundation

/// A count-down latch on `NSCondition`.
final class CoreLatch: Sendable {
    private let condition = NSCondition()
    private let remaining: CoreBox<Int>

    init(count: Int) {
        remaining = CoreBox(count)
    }

    /// Runs `body` under the latch's lock, then counts down.
    func setting(_ body: () -> Void) {
        condition.lock()
        body()
        condition.unlock()
        countDown()
    }

    /// Runs `body` under the latch's lock.
    func reading<T>(_ body: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }

    func countDown() {
        condition.lock()
        remaining.storage -= 1
        if remaining.storage <= 0 { condition.broadcast() }
        condition.unlock()
    }

    func wait() {
        condition.lock()
        while remaining.storage > 0 { condition.wait() }
        condition.unlock()
    }

    /// Waits until the count reaches zero or `deadline` passes; false on timeout.
    func wait(until deadline: Date) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while remaining.storage > 0 {
            if !condition.wait(until: deadline) { return remaining.storage <= 0 }
        }
        return true
    }
}
