import Foundation

/// Polls `condition` until it holds or `timeout` seconds of polling pass; returns whether it held.
///
/// For asynchronous delivery only (timers, signals, tasks, sources, sweeps on other threads):
/// the timeout is generous and the caller `#expect`s the result, so a lost event fails loudly
/// instead of hanging — and nothing ever asserts how long it took. Runs on the caller's
/// isolation, so `condition` may read the caller's state (weak references, main-actor models).
///
/// The timeout counts the time this poll got to run, not time it spent waiting for a thread: a
/// 2-ms sleep that ends more than `stall` seconds late counts as `stall`. With the whole suite
/// on two cores under the thread sanitizer, blocking tests can hold every thread of the
/// cooperative pool for tens of seconds; then the poll, and the task it waits for, are both
/// stalled, and a deadline by the clock would fail a test whose event was never lost.
func pollUntil(
    timeout: Double = 20,
    isolation: isolated (any Actor)? = #isolation,
    _ condition: () -> Bool
) async -> Bool {
    let stall = 0.1
    var remaining = timeout
    var last = Date()
    while !condition() {
        let now = Date()
        remaining -= min(now.timeIntervalSince(last), stall)
        if remaining <= 0 { return false }
        last = now
        try? await Task.sleep(nanoseconds: 2_000_000)
    }
    return true
}

/// Lets asynchronous work that should *not* happen have a chance to happen.
func settle(_ seconds: Double = 0.2) async {
    try? await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
}
