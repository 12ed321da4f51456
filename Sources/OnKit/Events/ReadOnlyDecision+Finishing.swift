/// Faces for adapters whose source can finish (a URLSession once invalid), so that they follow
/// the rule every OnKit source follows: registering on a finished source returns a subscription
/// that is already inactive (`isActive == false`, `cancel()` returns `false`) and releases the
/// handler at once — it is never kept and never called (`Timer`'s `on.tick` does the same).
extension ReadOnlyDecision {
    /// A face of a source that has finished, or never sends: it takes no handler.
    @_spi(OnKitInternal) public static var finished: ReadOnlyDecision {
        ReadOnlyDecision(HandlerStore(redirect: FinishingRedirect(root: HandlerStore(), isFinished: { true })))
    }

    /// This face, refusing handlers once `isFinished()` returns `true`.
    ///
    /// The source must make `isFinished()` true **before** it removes its handlers for good:
    /// then a registration racing with the end is either removed by that removal or refused
    /// here (see `FinishingRedirect`), and no handler outlives the source's end.
    @_spi(OnKitInternal) public func finishing(when isFinished: @escaping @Sendable () -> Bool) -> ReadOnlyDecision {
        ReadOnlyDecision(HandlerStore(redirect: FinishingRedirect(root: store, isFinished: isFinished)))
    }
}

/// Adds handlers to `root` while its source has not finished.
struct FinishingRedirect<Sender, Args, Answer>: HandlerRedirect {
    let root: HandlerStore<Sender, Args, Answer>
    let isFinished: @Sendable () -> Bool

    func insert(_ handler: StoredHandler<Sender, Args, Answer>) -> Subscription {
        // Refused: `handler` is released on return.
        guard !isFinished() else { return Self.inactive() }
        let subscription = root.insert(handler)
        // Finished by another thread between the check and the insert: the flag was set before
        // the source removed its handlers, so either that removal or this check sees this one.
        if isFinished() { subscription.cancel() }
        return subscription
    }

    var source: any SubscriptionSource { root.subscriptionSource }
    var count: Int { root.count }

    private static func inactive() -> Subscription {
        let subscription = Subscription(onCancel: {})
        subscription.cancel()
        return subscription
    }
}
