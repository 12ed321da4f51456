import Dispatch
import OnKit

// The `///` examples of the main-actor forms of signals and descriptors, verbatim: compiled, not
// run (they need a live system); MainActorSignalAndDescriptorTests runs them in a child process.

/// A server whose configuration lives on the main actor.
@MainActor final class ExampleServer: Sendable {
    var reloads = 0
    var waiting = 0
    func reload() { reloads += 1 }
}

@MainActor
func docCommentExamplesOfMainActorSystemSources(input: Int32, server: ExampleServer) throws {
    func reload() { server.reload() }
    let reloading = try Signal.hangUp.received(on: MainActor.self) { reload() }
    reloading.cancel()
    try Signal.hangUp.received(owner: server, on: MainActor.self) { server in server.reload() }
    let reading = try FileDescriptorEvents.readable(input, on: MainActor.self) { availableBytes in server.waiting = availableBytes }
    reading.cancel()
}
