#if os(Linux)
import Foundation
import OnKit
import Testing

/// On Linux a dead host's stored values (its handlers and what they capture) go on their own,
/// with no later storage access and no `releaseValuesOfDeadHosts()` call: a leak check as
/// ReactiveSwift's LifetimeSpec writes them. It runs in a child process, where no other suite's
/// accesses can sweep the table and hide the leak.
@Suite struct DeadHostReleaseTests {
    @Test func aDeadHostsHandlersAndTheirCapturesAreReleasedWithNoFurtherActivity() async throws {
        try await runInChildProcess(.deadHostsValuesGoInAQuietProcess)
    }
}

extension ChildScenario {
    /// A handler stored on a host captures an object; the host goes, and nothing touches host
    /// storage again: the capture must still go.
    static let deadHostsValuesGoInAQuietProcess = ChildScenario(name: "deadHostsValuesGoInAQuietProcess") {
        var door: Door? = Door()
        var captured: Tracked? = Tracked("captured by the handler")
        let weakCaptured = WeakReference(live: captured!)  // Sound: just created.
        door?.on.opened { [captured] _, _ in _ = captured }
        captured = nil
        guard !weakCaptured.isReleased else { return ["the handler was not kept while its host lived"] }

        door = nil

        // Only the weak reference is read from here on: no host storage access.
        guard wait(timeout: 10, until: { weakCaptured.isReleased }) else {
            return ["the handler's capture outlived its host, with no further activity"]
        }
        return []
    }
}
#endif
