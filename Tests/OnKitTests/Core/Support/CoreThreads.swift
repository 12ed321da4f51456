import Foundation

// Helpers of the core suite live in this folder, a file each. Their names start with `Core` so
// that they cannot clash with what other suites of this test module define.

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
