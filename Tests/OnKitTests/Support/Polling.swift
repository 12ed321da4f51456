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
