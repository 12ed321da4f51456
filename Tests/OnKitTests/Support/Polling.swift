import Foundation

/// Polls `condition` until it holds or `timeout` seconds pass; returns whether it held.
///
/// For asynchronous delivery only (timers, signals, tasks, sources, sweeps on other threads):
/// the timeout is generous and the caller `#expect`s the result, so a lost event fails loudly
/// instead of hanging — and nothing ever asserts how long it took. Runs on the caller's
/// isolation, so `condition` may read the caller's state (weak references, main-actor models).
func pollUntil(
    timeout: Double = 20,
    isolation: isolated (any Actor)? = #isolation,
    _ condition: () -> Bool
) async -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        if Date() > deadline { return false }
        try? await Task.sleep(nanoseconds: 2_000_000)
    }
    return true
}

/// Lets asynchronous work that should *not* happen have a chance to happen.
func settle(_ seconds: Double = 0.2) async {
    try? await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
}

/// Blocks the threads of Swift's global (cooperative) pool, whose width is the processor
/// count, until `release()` (or 30 s), sparing as many as the caller occupies itself.
final class GlobalPoolBlocker: Sendable {
    private let blockers: Int
    private let started = Counter()
    private let gate = DispatchSemaphore(value: 0)

    init(sparing spared: Int) { blockers = max(0, ProcessInfo.processInfo.activeProcessorCount - spared) }

    /// Starts the blocking jobs and waits (60 s at most) until they all run; whether they did.
    func occupy() -> Bool {
        for _ in 0..<blockers {
            Task.detached { [self] in
                started.increment()
                _ = gate.wait(timeout: .now() + 30)
            }
        }
        let deadline = Date().addingTimeInterval(60)
        while started.value < blockers {
            if Date() > deadline { return false }
            Thread.sleep(forTimeInterval: 0.002)
        }
        return true
    }

    /// Whether one more pool job starts within 0.2 s.
    func hasFreeThread() -> Bool {
        let probe = DispatchSemaphore(value: 0)
        Task.detached { probe.signal() }
        return probe.wait(timeout: .now() + 0.2) == .success
    }

    func release() { for _ in 0..<blockers { gate.signal() } }
}
