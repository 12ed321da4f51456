import Foundation
import Testing

// Helpers for the core suite only. Names start with `Core` so they cannot clash with helpers
// that other suites of this test module define.

/// Runs `body(index)` on `count` threads of their own, released together, and returns when all
/// have finished.
///
/// Threads rather than `DispatchQueue.concurrentPerform`: the pool may run iterations one after
/// another, and this needs them at the same time. Start and end are signalled through
/// `NSCondition` (a pthread condition), which the thread sanitizer understands, so it sees
/// everything a thread did as happening before this function returns.
func coreRunOnThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let start = CoreLatch(count: 1)
    let done = CoreLatch(count: count)
    for index in 0..<count {
        let thread = Thread {
            start.wait()
            body(index)
            done.countDown()
        }
        thread.start()
    }
    start.countDown()
    done.wait()
}

/// Runs `body` on a thread of its own and returns its result, or `nil` if it has not finished
/// within `seconds` (a deadlock, in these tests: the thread is then left blocked and the test fails).
func coreResult<T: Sendable>(within seconds: TimeInterval = 20, _ body: @escaping @Sendable () -> T) -> T? {
    let result = CoreBox<T?>(nil)
    let done = CoreLatch(count: 1)
    Thread {
        let value = body()
        done.setting { result.storage = value }
    }.start()
    guard done.wait(until: Date(timeIntervalSinceNow: seconds)) else { return nil }
    return done.reading { result.storage }
}

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

/// A reusable barrier: `count` threads call `arrive()`, all return once the last has arrived.
final class CoreBarrier: Sendable {
    private let condition = NSCondition()
    private let count: Int
    private let state = CoreBox((arrived: 0, generation: 0))

    init(count: Int) {
        self.count = count
    }

    func arrive() {
        condition.lock()
        let generation = state.storage.generation
        state.storage.arrived += 1
        if state.storage.arrived == count {
            state.storage = (0, generation + 1)
            condition.broadcast()
        } else {
            while state.storage.generation == generation { condition.wait() }
        }
        condition.unlock()
    }
}

/// A logical clock: every `tick()` returns a number larger than every earlier tick, on any thread.
/// Stamping "before a send starts" and "after cancel returned" with it orders them exactly.
final class CoreClock: Sendable {
    private let lock = NSLock()
    private let now = CoreBox(0)

    func tick() -> Int {
        lock.withLock {
            now.storage += 1
            return now.storage
        }
    }
}

/// Mutable storage: for the types above, which guard every access with their lock, and for
/// tests that touch it from one thread only (a handler reaching its own subscription).
final class CoreBox<T>: @unchecked Sendable {
    // @unchecked is sound: every user either holds a lock or stays on one thread (see above).
    var storage: T
    init(_ storage: T) { self.storage = storage }
}

/// A weak reference, to check that an object was released.
struct CoreWeak<Object: AnyObject>: @unchecked Sendable {
    // @unchecked is sound: a weak reference is loaded and stored atomically by the runtime.
    weak var object: Object?
    init(_ object: Object?) { self.object = object }
    var isReleased: Bool { object == nil }
}

/// SplitMix64 (Steele, Lea, Flood 2014): a tiny seeded generator, so that a failing random
/// sequence is reproduced from its seed, on any toolchain.
struct CoreSplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (modulo bias is irrelevant here).
    mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0, "below(0) has no answer")
        return Int(next() % UInt64(bound))
    }

    /// Picks an index from `weights`, each with probability proportional to its weight.
    mutating func pick(weights: [Int]) -> Int {
        var roll = below(weights.reduce(0, +))
        for (index, weight) in weights.enumerated() {
            if roll < weight { return index }
            roll -= weight
        }
        return weights.count - 1
    }
}

/// An object that runs `action` when it is deallocated: to run user code at the moment a
/// library releases a value (a deinit of a handler's capture, of a stored value).
final class CoreDeinitProbe: Sendable {
    private let action: @Sendable () -> Void
    init(_ action: @escaping @Sendable () -> Void) { self.action = action }
    deinit { action() }
}

/// Waits, polling, until `condition` holds; false if it still does not after `seconds`.
/// For asynchronous delivery only (never to measure time).
func coreEventually(
    within seconds: TimeInterval = 20,
    _ condition: @Sendable () -> Bool
) async -> Bool {
    let deadline = Date(timeIntervalSinceNow: seconds)
    while !condition() {
        if Date() > deadline { return false }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return true
}
