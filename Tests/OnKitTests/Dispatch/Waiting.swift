import Foundation

/// Polls `condition` until it holds or `timeout` seconds pass; returns whether it held.
///
/// For asynchronous delivery (timers, signals, Dispatch sources): the timeout is generous and
/// the caller `#expect`s the result, so a lost event fails loudly instead of hanging.
func pollUntil(timeout: Double = 10, _ condition: @Sendable () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        try? await Task.sleep(nanoseconds: 2_000_000)
    }
    return condition()
}

/// Lets asynchronous work that should *not* happen have a chance to happen.
func settle(_ seconds: Double = 0.2) async {
    try? await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
}
