import Foundation

/// Where the main actor runs, asked without stopping the program; and the stop for a main-actor
/// handler called anywhere else, with OnKit's message first.
///
/// `MainActor.preconditionIsolated` cannot be that stop: off the main actor on Linux it asks
/// libdispatch (`dispatch_assert_queue`), which ends the process with a bare `SIGILL` before any
/// message of ours is printed. So the place is checked here first, by a test that never stops.
enum MainActorCheck {
    /// What the program prints when it stops (documented in Semantics and the README).
    static let offMainActorMessage = "OnKit: a main-actor handler was called off the main actor"

    /// Stops the program with `offMainActorMessage` unless the caller runs where the main actor
    /// does.
    static func stopUnlessOnMainActor() {
        guard isOnMainActor() else { fatalError(offMainActorMessage) }
    }

    /// Whether the caller runs where the main actor does, without stopping the program if not (as
    /// `MainActor.assumeIsolated` would). On Apple platforms that is the main thread. Elsewhere the
    /// main actor runs on the main dispatch queue, which need not be drained by the main thread
    /// (Swift Testing on Linux drains it on another one), so the main queue is asked too: it is
    /// marked, once, with a queue-specific value that only code running on it can read.
    static func isOnMainActor() -> Bool {
        Thread.isMainThread || DispatchQueue.getSpecific(key: MainQueueMark.key) != nil
    }
}

private enum MainQueueMark {
    /// Set on the main queue when first read; a global `let` is initialized exactly once.
    static let key: DispatchSpecificKey<Void> = {
        let key = DispatchSpecificKey<Void>()
        DispatchQueue.main.setSpecific(key: key, value: ())
        return key
    }()
}
