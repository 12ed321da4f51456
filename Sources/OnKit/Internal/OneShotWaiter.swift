/// The state of one `next()` wait: resumes its continuation exactly once, whichever comes first
/// of the call, the task's cancellation or the source's end, and then cancels the subscription.
final class OneShotWaiter<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Value, any Error>?
        var subscription: EventSubscription?
        /// Set by the first `finish`; a later `start` or `setSubscription` then ends at once.
        var outcome: Result<Value, any Error>?
    }

    private let state = Locked(State())

    /// Stores the continuation; false (and resumed) if the wait already finished.
    func start(_ continuation: CheckedContinuation<Value, any Error>) -> Bool {
        let outcome = state.withLock { state -> Result<Value, any Error>? in
            if let outcome = state.outcome { return outcome }
            state.continuation = continuation
            return nil
        }
        guard let outcome else { return true }
        continuation.resume(with: outcome)
        return false
    }

    /// Stores the subscription to cancel when the wait finishes; cancels it now if it has.
    func setSubscription(_ subscription: EventSubscription) {
        let finished = state.withLock { state in
            if state.outcome == nil { state.subscription = subscription }
            return state.outcome != nil
        }
        if finished { subscription.cancel() }
    }

    /// Resumes the wait with `outcome` if it has not finished yet; later calls do nothing.
    func finish(_ outcome: Result<Value, any Error>) {
        let taken = state.withLock { state -> (CheckedContinuation<Value, any Error>?, EventSubscription?)? in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            defer { state.continuation = nil; state.subscription = nil }
            return (state.continuation, state.subscription)
        }
        guard let (continuation, subscription) = taken else { return }
        continuation?.resume(with: outcome)
        subscription?.cancel()
    }
}

/// Runs an action when released: tells a waiter that the handler holding it is gone.
final class ReleaseSentinel: Sendable {
    private let action: @Sendable () -> Void

    init(_ action: @escaping @Sendable () -> Void) { self.action = action }

    deinit { action() }
}
