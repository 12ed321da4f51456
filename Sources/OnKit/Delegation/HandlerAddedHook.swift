/// A face that reports each handler added through it: how a delegate proxy learns that a
/// callback got its first handler, to make the host ask `responds(to:)` again.
///
/// Handlers go where `face` puts them (the proxy's store, through a `CastRedirect` if the sender
/// is a subclass), so subscriptions, `-=` and counts are those of that store.
struct HandlerAddedHook<Sender, Args, Answer>: HandlerRedirect {
    let face: ReadOnlyDecision<Sender, Args, Answer>
    /// Gets the number of handlers just after one was added; runs where the subscribe call runs.
    let added: @Sendable (Int) -> Void

    func insert(_ handler: StoredHandler<Sender, Args, Answer>) -> EventSubscription {
        let subscription = face.store.insert(handler)
        if subscription.isActive { added(face.store.count) }
        return subscription
    }

    var source: any SubscriptionSource { face.store.subscriptionSource }
    var count: Int { face.store.count }
    func finish() { face.store.finish() }
}

extension ReadOnlyDecision {
    /// This face, calling `added` with the handler count after each handler added through it.
    func reportingAdds(_ added: @escaping @Sendable (Int) -> Void) -> ReadOnlyDecision {
        ReadOnlyDecision(HandlerStore(redirect: HandlerAddedHook(face: self, added: added)))
    }
}
