import Foundation
import OnKit

/// Releases the values of dead hosts and waits (bounded) until `released` holds.
///
/// On Linux a sweep started by another suite's access may have taken a dead host's values just
/// before, and still be releasing them on its thread; `releaseValuesOfDeadHosts()` documents
/// that. So the test waits for the release it expects instead of assuming it is instant.
/// Returns false if it has not happened after `seconds` (never used to measure time).
func releaseDeadHostValues(within seconds: TimeInterval = 20, until released: () -> Bool) async -> Bool {
    Associations.releaseValuesOfDeadHosts()
    let deadline = Date(timeIntervalSinceNow: seconds)
    while !released() {
        if Date() > deadline { return false }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return true
}
