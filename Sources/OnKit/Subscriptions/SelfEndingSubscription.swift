/// The subscription of an `until` handler, which the handler ends by returning `true`.
///
/// The subscription exists only once `subscribe` returns, and a source on another thread may call
/// the handler before that: so a handler that is done before then marks this ended, and
/// `attach(_:)` cancels at once. Holds the subscription until it ends (an `EventSubscription`
/// holds its source weakly, so this keeps nothing alive); a handler that is never done is
/// released as any other, with its source.
final class SelfEndingSubscription: Sendable {
    private struct State {
        var subscription: EventSubscription?
        var ended = false
    }

    private let state = Locked(State())

    /// Whether the handler returned `true` once: later calls skip it.
    var hasEnded: Bool { state.withLock { $0.ended } }

    /// Marks it ended and cancels the subscription, if attached yet.
    func end() {
        let subscription = state.withLock { state -> EventSubscription? in
            state.ended = true
            defer { state.subscription = nil }
            return state.subscription
        }
        subscription?.cancel()  // after the lock: it releases the handler
    }

    /// Hands over the subscription, or cancels it if the handler is done already.
    func attach(_ subscription: EventSubscription) {
        let ended = state.withLock { state -> Bool in
            if !state.ended { state.subscription = subscription }
            return state.ended
        }
        if ended { subscription.cancel() }
    }
}
