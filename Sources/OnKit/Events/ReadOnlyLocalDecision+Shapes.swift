// The handler shapes of a local face, written once on the one class every local face is (a
// ``LocalEvent`` is one too): OnKit's concrete type, which no one outside OnKit can make,
// subclass or conform to, is the only way to reach the bit casts below. The arguments-only forms
// are disfavored: where a callback carries nothing but its sender (`Args == Void`), `{ x in }`
// means the sender (the narrower extension), as on `Subscribable`.

extension ReadOnlyLocalDecision {
    /// Adds `handler`, called on every later call until cancelled, where the host runs.
    @discardableResult @inlinable
    public func subscribe(_ handler: @escaping (Sender, Args) -> Answer) -> LocalSubscription {
        // Sound (see the type): only OnKit makes this face, over a store that only the face's
        // region reaches and that is sent to only where the host runs; the compiler keeps the
        // host in the handler's region. `@Sendable` changes no function representation.
        LocalSubscription(local.subscribe(unsafeBitCast(handler, to: (@Sendable (Sender, Args) -> Answer).self)))
    }

    /// Adds a handler that runs at most once; it is inactive from the moment it starts.
    @discardableResult @inlinable
    public func once(_ handler: @escaping (Sender, Args) -> Answer) -> LocalSubscription {
        // Sound: as in `subscribe(_:)`.
        LocalSubscription(local.once(unsafeBitCast(handler, to: (@Sendable (Sender, Args) -> Answer).self)))
    }

    /// Adds `handler`; same as `subscribe(_:)`.
    @discardableResult @inlinable
    public func callAsFunction(_ handler: @escaping (Sender, Args) -> Answer) -> LocalSubscription { subscribe(handler) }

    /// Adds `handler`; same as `subscribe(_:)`.
    @discardableResult @inlinable
    public static func += (source: ReadOnlyLocalDecision, handler: @escaping (Sender, Args) -> Answer) -> LocalSubscription {
        source.subscribe(handler)
    }

    /// Adds a handler bound to `owner` (held weakly, handed back); see ``Subscribable``'s
    /// `subscribe(owner:_:)`. The owner is `Sendable`, as there.
    @discardableResult @inlinable
    public func subscribe<Owner: AnyObject & Sendable>(
        owner: Owner, _ handler: @escaping (Owner, Sender, Args) -> Answer
    ) -> LocalSubscription {
        // Sound: as in `subscribe(_:)`.
        LocalSubscription(local.subscribe(owner: owner, unsafeBitCast(handler, to: (@Sendable (Owner, Sender, Args) -> Answer).self)))
    }

    /// Adds a handler bound to `owner`; same as `subscribe(owner:_:)`.
    @discardableResult @inlinable
    public func callAsFunction<Owner: AnyObject & Sendable>(
        owner: Owner, _ handler: @escaping (Owner, Sender, Args) -> Answer
    ) -> LocalSubscription { subscribe(owner: owner, handler) }

    /// Removes the handler of `subscription` if it was made here.
    ///
    /// - Returns: `true` if it was removed now; `false` if it was already removed or was made on
    ///   another source (which is left untouched).
    @discardableResult
    public func unsubscribe(_ subscription: LocalSubscription) -> Bool {
        subscription.belongs(to: local.store.subscriptionSource) && subscription.cancel()
    }

    /// Removes the handler of `subscription`; same as `unsubscribe(_:)`.
    @discardableResult
    public static func -= (source: ReadOnlyLocalDecision, subscription: LocalSubscription) -> Bool {
        source.unsubscribe(subscription)
    }

    /// Adds a handler that takes no parameters: `parser.on.didEndDocument { print("done") }`.
    @discardableResult @inlinable
    public func subscribe(_ handler: @escaping () -> Answer) -> LocalSubscription { subscribe { _, _ in handler() } }

    /// Adds a handler that takes the arguments only: `parser.on.foundCharacters { text += $0 }`.
    @discardableResult @inlinable @_disfavoredOverload
    public func subscribe(_ handler: @escaping (Args) -> Answer) -> LocalSubscription { subscribe { _, args in handler(args) } }

    /// Adds a one-shot handler that takes no parameters.
    @discardableResult @inlinable
    public func once(_ handler: @escaping () -> Answer) -> LocalSubscription { once { _, _ in handler() } }

    /// Adds a one-shot handler that takes the arguments only.
    @discardableResult @inlinable @_disfavoredOverload
    public func once(_ handler: @escaping (Args) -> Answer) -> LocalSubscription { once { _, args in handler(args) } }

    /// Adds a handler that takes no parameters; same as `subscribe(_:)`.
    @discardableResult @inlinable
    public func callAsFunction(_ handler: @escaping () -> Answer) -> LocalSubscription { subscribe(handler) }

    /// Adds a handler that takes the arguments only; same as `subscribe(_:)`.
    @discardableResult @inlinable @_disfavoredOverload
    public func callAsFunction(_ handler: @escaping (Args) -> Answer) -> LocalSubscription { subscribe(handler) }

    /// Adds a handler that takes no parameters; same as `subscribe(_:)`.
    @discardableResult @inlinable
    public static func += (source: ReadOnlyLocalDecision, handler: @escaping () -> Answer) -> LocalSubscription {
        source.subscribe(handler)
    }

    /// Adds a handler that takes the arguments only; same as `subscribe(_:)`.
    @discardableResult @inlinable @_disfavoredOverload
    public static func += (source: ReadOnlyLocalDecision, handler: @escaping (Args) -> Answer) -> LocalSubscription {
        source.subscribe(handler)
    }
}

extension ReadOnlyLocalDecision where Answer == Void, Args: Sendable {
    /// Waits for the next call and returns its arguments; see ``Subscribable``'s `next()`. It
    /// runs where it is called: to wait in another task (`async let`), use ``shared``.
    nonisolated(nonsending) public func next() async throws -> Args { try await shared.next() }

    /// Waits for the next call whose arguments satisfy `predicate`; see `next()`.
    nonisolated(nonsending) public func next(where predicate: @escaping @Sendable (Args) -> Bool) async throws -> Args {
        try await shared.next(where: predicate)
    }
}

extension ReadOnlyLocalDecision where Args == Void {
    /// Adds a handler bound to `owner` that takes the owner and the sender.
    @discardableResult @inlinable
    public func callAsFunction<Owner: AnyObject & Sendable>(
        owner: Owner, _ handler: @escaping (Owner, Sender) -> Answer
    ) -> LocalSubscription { subscribe(owner: owner) { owner, sender, _ in handler(owner, sender) } }

    /// Adds a handler that takes the sender only: `parser.on.didStartDocument { parser in … }`.
    @discardableResult @inlinable
    public func subscribe(_ handler: @escaping (Sender) -> Answer) -> LocalSubscription {
        subscribe { sender, _ in handler(sender) }
    }

    /// Adds a one-shot handler that takes the sender only.
    @discardableResult @inlinable
    public func once(_ handler: @escaping (Sender) -> Answer) -> LocalSubscription { once { sender, _ in handler(sender) } }

    /// Adds a handler that takes the sender only; same as `subscribe(_:)`.
    @discardableResult @inlinable
    public func callAsFunction(_ handler: @escaping (Sender) -> Answer) -> LocalSubscription { subscribe(handler) }

    /// Adds a handler that takes the sender only; same as `subscribe(_:)`.
    @discardableResult @inlinable
    public static func += (source: ReadOnlyLocalDecision, handler: @escaping (Sender) -> Answer) -> LocalSubscription {
        source.subscribe(handler)
    }
}

extension ReadOnlyLocalDecision where Args: TwoValues {
    /// Adds a flat handler: the sender, then each value.
    @discardableResult @inlinable
    public func subscribe(_ handler: @escaping (Sender, Args.Value1, Args.Value2) -> Answer) -> LocalSubscription {
        subscribe { sender, args in let (a, b) = args.elements; return handler(sender, a, b) }
    }

    /// Adds a flat handler; same as `subscribe(_:)`.
    @discardableResult @inlinable
    public func callAsFunction(_ handler: @escaping (Sender, Args.Value1, Args.Value2) -> Answer) -> LocalSubscription {
        subscribe(handler)
    }

    /// Adds a flat one-shot handler.
    @discardableResult @inlinable
    public func once(_ handler: @escaping (Sender, Args.Value1, Args.Value2) -> Answer) -> LocalSubscription {
        once { sender, args in let (a, b) = args.elements; return handler(sender, a, b) }
    }

    /// Adds a flat handler; same as `subscribe(_:)`.
    @discardableResult @inlinable
    public static func += (
        source: ReadOnlyLocalDecision, handler: @escaping (Sender, Args.Value1, Args.Value2) -> Answer
    ) -> LocalSubscription {
        source.subscribe(handler)
    }
}

extension ReadOnlyLocalDecision where Args: ThreeValues {
    /// Adds a flat handler: the sender, then each value.
    @discardableResult @inlinable
    public func subscribe(_ handler: @escaping (Sender, Args.Value1, Args.Value2, Args.Value3) -> Answer) -> LocalSubscription {
        subscribe { sender, args in let (a, b, c) = args.elements; return handler(sender, a, b, c) }
    }

    /// Adds a flat handler; same as `subscribe(_:)`.
    @discardableResult @inlinable
    public func callAsFunction(
        _ handler: @escaping (Sender, Args.Value1, Args.Value2, Args.Value3) -> Answer
    ) -> LocalSubscription { subscribe(handler) }
}

extension ReadOnlyLocalDecision where Args: FourValues {
    /// Adds a flat handler: the sender, then each value.
    @discardableResult @inlinable
    public func subscribe(
        _ handler: @escaping (Sender, Args.Value1, Args.Value2, Args.Value3, Args.Value4) -> Answer
    ) -> LocalSubscription {
        subscribe { sender, args in let (a, b, c, d) = args.elements; return handler(sender, a, b, c, d) }
    }

    /// Adds a flat handler; same as `subscribe(_:)`.
    @discardableResult @inlinable
    public func callAsFunction(
        _ handler: @escaping (Sender, Args.Value1, Args.Value2, Args.Value3, Args.Value4) -> Answer
    ) -> LocalSubscription { subscribe(handler) }
}
