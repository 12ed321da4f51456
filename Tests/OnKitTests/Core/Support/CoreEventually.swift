import Foundation

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
