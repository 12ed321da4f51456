/// Handlers that end their own subscription: `until` calls the handler on every call until it
/// returns `true`, then removes it, with no variable declared before the subscription:
///
/// ```swift
/// try FileDescriptorEvents.readable(fd).until { fd, available in
///     available == 0   // end of file: done
/// }
/// ```
///
/// A named entry point rather than a parameter of the handler: two parameters always mean the
/// sender and the arguments. Events only (a decision's handler returns its answer). Method
/// sources get it through their event: `readable(fd).until`, `DispatchTimer.every(1).fired.until`,
/// `Signal.interrupt.received.until`, `timer.on.tick.until`. After the call that returns
/// `true`, the handler is removed and released as by `cancel()` (a call already running on
/// another thread may still finish); it returns the subscription, to end it earlier.
extension Subscribable where Answer == Void {
    /// Adds `handler`, called with the sender and the arguments on every later call until it
    /// returns `true`: `event.until { sender, value in value == "quit" }`.
    @discardableResult @_disfavoredOverload
    public func until(_ handler: @escaping @Sendable (Sender, Args) -> Bool) -> EventSubscription {
        let ending = SelfEndingSubscription()
        let subscription = subscribe { @Sendable (sender: Sender, args: Args) in
            guard !ending.hasEnded else { return }
            if handler(sender, args) { ending.end() }
        }
        ending.attach(subscription)
        return subscription
    }

    /// Adds `handler`, called with the arguments until it returns `true`:
    /// `event.until { value in value == "quit" }`.
    @discardableResult @_disfavoredOverload
    public func until(_ handler: @escaping @Sendable (Args) -> Bool) -> EventSubscription {
        until { _, args in handler(args) }
    }

    /// Adds `handler`, called with nothing until it returns `true`.
    @discardableResult @_disfavoredOverload
    public func until(_ handler: @escaping @Sendable () -> Bool) -> EventSubscription {
        until { _, _ in handler() }
    }
}

/// `{ sender in }` where a callback carries nothing but its sender.
extension Subscribable where Answer == Void, Args == Void {
    /// Adds `handler`, called with the sender until it returns `true`:
    /// `try DispatchTimer.every(1).fired.until { timer in timer.fireCount == 3 }`.
    @discardableResult @_disfavoredOverload
    public func until(_ handler: @escaping @Sendable (Sender) -> Bool) -> EventSubscription {
        until { sender, _ in handler(sender) }
    }
}

/// The `@MainActor` forms, for a ``MainActorBound`` sender: the handler may touch main-actor
/// state (see `Subscribable+MainActor.swift`).
extension MainActorSubscribable where Answer == Void {
    /// Adds `handler`, called on the main actor with the sender and the arguments until it
    /// returns `true`.
    @discardableResult
    public func until(_ handler: @escaping @MainActor @Sendable (Sender, Args) -> Bool) -> EventSubscription {
        let ending = SelfEndingSubscription()
        let subscription = subscribe { @MainActor @Sendable (sender: Sender, args: Args) in
            guard !ending.hasEnded else { return }
            if handler(sender, args) { ending.end() }
        }
        ending.attach(subscription)
        return subscription
    }

    /// Adds `handler`, called on the main actor with the arguments until it returns `true`.
    @discardableResult
    public func until(_ handler: @escaping @MainActor @Sendable (Args) -> Bool) -> EventSubscription {
        until { @MainActor _, args in handler(args) }
    }

    /// Adds `handler`, called on the main actor with nothing until it returns `true`.
    @discardableResult
    public func until(_ handler: @escaping @MainActor @Sendable () -> Bool) -> EventSubscription {
        until { @MainActor (_: Sender, _: Args) in handler() }
    }
}

/// `{ sender in }` on the main actor.
extension MainActorSubscribable where Answer == Void, Args == Void {
    /// Adds `handler`, called on the main actor with the sender until it returns `true`.
    @discardableResult
    public func until(_ handler: @escaping @MainActor @Sendable (Sender) -> Bool) -> EventSubscription {
        until { @MainActor sender, _ in handler(sender) }
    }
}
