import Dispatch
import Foundation
import OnKit
import Testing

/// A daemon's state, on the main actor (the Signals and file descriptors article).
@MainActor final class ArticleDaemon {
    var reloads = 0
    var waiting = 0
}

// The article's main-actor snippet, verbatim, run in the test process: its main actor runs on a
// Dispatch worker that blocks SIGHUP, as under `dispatchMain()`.
extension SignalTests {
    @MainActor @Test func signalsArticleMainActorHandlers() async throws {
        let daemon = ArticleDaemon()
        var ends: [Int32] = [0, 0]
        pipe(&ends)
let reloading = try Signal.hangUp.received(on: MainActor.self) {
    daemon.reloads += 1                // main-actor state
}
let input = try FileDescriptorEvents.readable(
    ends[0], on: MainActor.self
) { availableBytes in
    daemon.waiting = availableBytes
}

        kill(getpid(), SIGHUP)
        #expect(await pollUntil { daemon.reloads == 1 }, "SIGHUP never reached the main-actor handler")
        write(ends[1], "hello", 5)
        #expect(await pollUntil { daemon.waiting == 5 }, "the main-actor reader never saw the 5 bytes")
        reloading.cancel()
        input.cancel()
        close(ends[0])
        close(ends[1])
    }
}
