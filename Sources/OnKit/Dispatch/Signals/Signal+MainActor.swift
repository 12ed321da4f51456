import Dispatch

// The main-actor forms of `received`: the handler runs on the main actor, so it may touch
// main-actor state. The same shapes as the timers' main-actor forms, with `owner:`.
extension Signal {
    /// Calls `handler` on the main actor each time the process receives this signal, until
    /// cancelled: `let reloading = try Signal.hangUp.received(on: MainActor.self) { reload() }`.
    ///
    /// The signal's queue hands each delivery to the main queue without waiting, in order; it
    /// runs under `dispatchMain()` as under a running `RunLoop.main`. On Linux a signal sent to
    /// the process reaches it also where every thread but OnKit's blocks the signal (as
    /// `dispatchMain()`'s worker threads do). A delivery already handed to the main queue when
    /// the subscription is cancelled still runs. Otherwise as `received`.
    ///
    /// - Throws: as `received`.
    public func received(
        on _: MainActor.Type,
        _ handler: @escaping @MainActor @Sendable () -> Void
    ) throws(SignalError) -> EventSubscription {
        try received(on: MainActor.self) { _ in handler() }
    }

    /// Calls `handler` on the main actor with the signal each time the process receives it; see
    /// `received(on:_:)`.
    public func received(
        on _: MainActor.Type,
        _ handler: @escaping @MainActor @Sendable (Signal) -> Void
    ) throws(SignalError) -> EventSubscription {
        try received.subscribe { signal, _ in onMainQueueLater { handler(signal) } }
    }

    /// Calls `handler` on the main actor with `owner` (held weakly) each time the process
    /// receives this signal, until cancelled or `owner` is gone; see `received(on:_:)`:
    /// `try Signal.hangUp.received(owner: server, on: MainActor.self) { server in … }`.
    @discardableResult
    public func received<Owner: AnyObject & Sendable>(
        owner: Owner,
        on _: MainActor.Type,
        _ handler: @escaping @MainActor @Sendable (Owner) -> Void
    ) throws(SignalError) -> EventSubscription {
        try received(owner: owner, on: MainActor.self) { owner, _ in handler(owner) }
    }

    /// Calls `handler` on the main actor with `owner` (held weakly) and the signal; see
    /// `received(owner:on:_:)`.
    @discardableResult
    public func received<Owner: AnyObject & Sendable>(
        owner: Owner,
        on _: MainActor.Type,
        _ handler: @escaping @MainActor @Sendable (Owner, Signal) -> Void
    ) throws(SignalError) -> EventSubscription {
        try received.subscribe(owner: owner) { owner, signal, _ in onMainQueueLater { handler(owner, signal) } }
    }
}

/// Runs `body` on the main queue, hence the main actor, later, without waiting.
private func onMainQueueLater(_ body: @escaping @MainActor @Sendable () -> Void) {
    DispatchQueue.main.async {
        // On the main queue: the main actor's.
        MainActor.assumeIsolated { body() }
    }
}
