// The local faces' `until` (see `Subscribable+Until.swift`).

extension ReadOnlyLocalDecision where Answer == Void {
    /// Adds `handler`, called with the sender and the arguments on every later call until it
    /// returns `true`, on the thread that drives the host (see `Subscribable`'s `until(_:)`).
    ///
    /// The handler runs where it was added, and ends its subscription there: the removed handler
    /// is released on the source's own thread, before the call that returned `true` ends.
    @discardableResult
    public func until(_ handler: @escaping (Sender, Args) -> Bool) -> LocalSubscription {
        let ending = SelfEndingSubscription()
        let subscription = subscribe { (sender: Sender, args: Args) in
            guard !ending.hasEnded else { return }
            if handler(sender, args) { ending.end() }
        }
        ending.attach(subscription.subscription)
        return subscription
    }

    /// Adds `handler`, called with the arguments until it returns `true`, on the host's thread:
    /// `parser.on.didStartElement.until { element in element.name == "item" }`.
    @discardableResult
    public func until(_ handler: @escaping (Args) -> Bool) -> LocalSubscription {
        until { _, args in handler(args) }
    }

    /// Adds `handler`, called with nothing until it returns `true`, on the host's thread.
    @discardableResult
    public func until(_ handler: @escaping () -> Bool) -> LocalSubscription {
        until { _, _ in handler() }
    }
}
