import Foundation

/// Blocks the threads of Swift's global (cooperative) pool, whose width is the processor
/// count, until `release()` (or 30 s), sparing as many as the caller occupies itself.
final class GlobalPoolBlocker: Sendable {
    private let blockers: Int
    private let started = Counter()
    private let gate = DispatchSemaphore(value: 0)

    init(sparing spared: Int) { blockers = max(0, ProcessInfo.processInfo.activeProcessorCount - spared) }

    /// Starts the blocking jobs (each blocks once it runs: see `isOccupied`).
    func occupy() {
        for _ in 0..<blockers {
            Task.detached { [self] in
                started.increment()
                _ = gate.wait(timeout: .now() + 30)
            }
        }
    }

    /// Every blocking job runs.
    var isOccupied: Bool { started.value >= blockers }

    /// Whether one more pool job starts within 0.2 s.
    func hasFreeThread() -> Bool {
        let probe = DispatchSemaphore(value: 0)
        Task.detached { probe.signal() }
        return probe.wait(timeout: .now() + 0.2) == .success
    }

    /// Lets the blocking jobs end.
    func release() { for _ in 0..<blockers { gate.signal() } }
}
