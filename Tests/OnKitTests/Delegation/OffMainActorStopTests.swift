#if os(Linux)
import Foundation
import OnKit
import Testing

/// A main-actor handler called off the main actor stops the program, and OnKit's documented
/// message is printed first (libdispatch's queue assertion used to stop it with a bare SIGILL).
/// Each stop runs in a child process.
@Suite struct OffMainActorStopTests {
    @Test func anEventSentOffTheMainActorStopsWithOnKitsMessage() async throws {
        try await runInChildProcess(.mainActorEventSentOffTheMainActor, expectingCrash: true, crashMessage: offMainActor)
    }

    @Test func aDecisionAskedOffTheMainActorStopsWithOnKitsMessage() async throws {
        try await runInChildProcess(.mainActorDecisionAskedOffTheMainActor, expectingCrash: true, crashMessage: offMainActor)
    }
}

private let offMainActor = "OnKit: a main-actor handler was called off the main actor"

/// A sender that promises to send on the main actor (and breaks the promise in these scenarios).
private final class OffMainLamp: MainActorBound, Sendable {
    let switched = Event<OffMainLamp, Bool>()
    let mayDim = Decision<OffMainLamp, Int, Bool>.all()
}

extension ChildScenario {
    /// Sends a main-actor-bound sender's event from a plain thread.
    static let mainActorEventSentOffTheMainActor = ChildScenario(name: "mainActorEventSentOffTheMainActor") {
        let lamp = OffMainLamp()
        lamp.switched { @MainActor _, isOn in _ = isOn }
        return runOnAPlainThread { lamp.switched.send(lamp, true) }
    }

    /// Asks a main-actor-bound sender's decision, with an owner-bound handler, from a plain thread.
    static let mainActorDecisionAskedOffTheMainActor = ChildScenario(name: "mainActorDecisionAskedOffTheMainActor") {
        let lamp = OffMainLamp()
        let owner = Tracked()
        lamp.mayDim.subscribe(owner: owner) { @MainActor _, _, level in level < 5 }
        return runOnAPlainThread { _ = lamp.mayDim.ask(lamp, 3) }
    }

    /// Runs `body` on a new thread (never the main actor's) and waits; returns a failure if the
    /// process is still alive after it.
    private static func runOnAPlainThread(_ body: @escaping @Sendable () -> Void) -> [String] {
        let done = Counter()
        Thread {
            body()
            done.increment()
        }.start()
        _ = wait { done.value == 1 }
        return ["the main-actor handler ran off the main actor, and the program went on"]
    }
}
#endif
