// The plain registrations of a ``LongLivedSender``'s sources, without `@discardableResult`: the
// same shape table as `Subscribable+Shapes.swift` and `Subscribable+MainActorShapes.swift`, for
// `subscribe`, `callAsFunction` and `+=` only (`owner:`, `once` and `until` end by themselves and
// stay discardable). Swift prefers a member of a more constrained extension, so these win over
// the discardable ones wherever the sender is long-lived; each calls the `(sender, arguments)`
// form of its own table, so that no call here reaches a discardable form.
//
// Hidden from the documentation (`@_documentation(visibility: internal)`): each has the signature
// of the discardable form it stands in for, whose page documents both (``LongLivedSender`` says
// which warn), and DocC cannot tell two members of one signature apart in a link.

/// The nonisolated plain forms, `@_disfavoredOverload` as the ones they replace.
extension Subscribable where Sender: LongLivedSender {
    /// Adds `handler` until cancelled; see `subscribe(_:)`. Store the subscription: the source
    /// outlives every screen.
    @_documentation(visibility: internal) @inlinable @_disfavoredOverload
    public func subscribe(_ handler: @escaping @Sendable (Sender, Args) -> Answer) -> EventSubscription { readOnly.store.insert(.plain(handler)) }

    /// Adds `handler`; same as `subscribe(_:)`.
    @_documentation(visibility: internal) @inlinable @_disfavoredOverload
    public func callAsFunction(_ handler: @escaping @Sendable (Sender, Args) -> Answer) -> EventSubscription { subscribe(handler) }

    /// Adds `handler`; same as `subscribe(_:)`.
    @_documentation(visibility: internal) @inlinable @_disfavoredOverload
    public static func += (source: Self, handler: @escaping @Sendable (Sender, Args) -> Answer) -> EventSubscription { source.subscribe(handler) }

    /// Adds a handler that takes no parameters; same as `subscribe(_:)`.
    @_documentation(visibility: internal) @inlinable @_disfavoredOverload
    public func subscribe(_ handler: @escaping @Sendable () -> Answer) -> EventSubscription { subscribe(ignoringParameters(handler)) }

    /// Adds a handler that takes no parameters; same as `subscribe(_:)`.
    @_documentation(visibility: internal) @inlinable @_disfavoredOverload
    public func callAsFunction(_ handler: @escaping @Sendable () -> Answer) -> EventSubscription { subscribe(handler) }

    /// Adds a handler that takes no parameters; same as `subscribe(_:)`.
    @_documentation(visibility: internal) @inlinable @_disfavoredOverload
    public static func += (source: Self, handler: @escaping @Sendable () -> Answer) -> EventSubscription { source.subscribe(handler) }

    /// Adds a handler that takes the arguments only; same as `subscribe(_:)`.
    @_documentation(visibility: internal) @inlinable @_disfavoredOverload
    public func subscribe(_ handler: @escaping @Sendable (Args) -> Answer) -> EventSubscription { subscribe(ignoringSender(handler)) }

    /// Adds a handler that takes the arguments only; same as `subscribe(_:)`.
    @_documentation(visibility: internal) @inlinable @_disfavoredOverload
    public func callAsFunction(_ handler: @escaping @Sendable (Args) -> Answer) -> EventSubscription { subscribe(handler) }

    /// Adds a handler that takes the arguments only; same as `subscribe(_:)`.
    @_documentation(visibility: internal) @inlinable @_disfavoredOverload
    public static func += (source: Self, handler: @escaping @Sendable (Args) -> Answer) -> EventSubscription { source.subscribe(handler) }
}

/// `{ sender in }`, where a callback carries nothing but its sender.
extension Subscribable where Sender: LongLivedSender, Args == Void {
    /// Adds a handler that takes the sender only; same as `subscribe(_:)`.
    @_documentation(visibility: internal) @inlinable @_disfavoredOverload
    public func subscribe(_ handler: @escaping @Sendable (Sender) -> Answer) -> EventSubscription { subscribe { sender, _ in handler(sender) } }

    /// Adds a handler that takes the sender only; same as `subscribe(_:)`.
    @_documentation(visibility: internal) @inlinable @_disfavoredOverload
    public func callAsFunction(_ handler: @escaping @Sendable (Sender) -> Answer) -> EventSubscription { subscribe(handler) }

    /// Adds a handler that takes the sender only; same as `subscribe(_:)`.
    @_documentation(visibility: internal) @inlinable @_disfavoredOverload
    public static func += (source: Self, handler: @escaping @Sendable (Sender) -> Answer) -> EventSubscription { source.subscribe(handler) }
}

/// `{ sender, a, b in }`.
extension Subscribable where Sender: LongLivedSender, Args: TwoValues {
    /// Adds a flat handler; same as `subscribe(_:)`.
    @_documentation(visibility: internal) @inlinable @_disfavoredOverload
    public func subscribe(_ handler: @escaping @Sendable (Sender, Args.Value1, Args.Value2) -> Answer) -> EventSubscription {
        subscribe { sender, args in let (a, b) = args.elements; return handler(sender, a, b) }
    }

    /// Adds a flat handler; same as `subscribe(_:)`.
    @_documentation(visibility: internal) @inlinable @_disfavoredOverload
    public func callAsFunction(_ handler: @escaping @Sendable (Sender, Args.Value1, Args.Value2) -> Answer) -> EventSubscription {
        subscribe(handler)
    }

    /// Adds a flat handler; same as `subscribe(_:)`.
    @_documentation(visibility: internal) @inlinable @_disfavoredOverload
    public static func += (
        source: Self, handler: @escaping @Sendable (Sender, Args.Value1, Args.Value2) -> Answer
    ) -> EventSubscription { source.subscribe(handler) }
}

/// `{ sender, a, b, c in }`.
extension Subscribable where Sender: LongLivedSender, Args: ThreeValues {
    /// Adds a flat handler; same as `subscribe(_:)`.
    @_documentation(visibility: internal) @inlinable @_disfavoredOverload
    public func subscribe(
        _ handler: @escaping @Sendable (Sender, Args.Value1, Args.Value2, Args.Value3) -> Answer
    ) -> EventSubscription { subscribe { sender, args in let (a, b, c) = args.elements; return handler(sender, a, b, c) } }

    /// Adds a flat handler; same as `subscribe(_:)`.
    @_documentation(visibility: internal) @inlinable @_disfavoredOverload
    public func callAsFunction(
        _ handler: @escaping @Sendable (Sender, Args.Value1, Args.Value2, Args.Value3) -> Answer
    ) -> EventSubscription { subscribe(handler) }

    /// Adds a flat handler; same as `subscribe(_:)`.
    @_documentation(visibility: internal) @inlinable @_disfavoredOverload
    public static func += (
        source: Self, handler: @escaping @Sendable (Sender, Args.Value1, Args.Value2, Args.Value3) -> Answer
    ) -> EventSubscription { source.subscribe(handler) }
}

/// `{ sender, a, b, c, d in }`.
extension Subscribable where Sender: LongLivedSender, Args: FourValues {
    /// Adds a flat handler; same as `subscribe(_:)`.
    @_documentation(visibility: internal) @inlinable @_disfavoredOverload
    public func subscribe(
        _ handler: @escaping @Sendable (Sender, Args.Value1, Args.Value2, Args.Value3, Args.Value4) -> Answer
    ) -> EventSubscription { subscribe { sender, args in let (a, b, c, d) = args.elements; return handler(sender, a, b, c, d) } }

    /// Adds a flat handler; same as `subscribe(_:)`.
    @_documentation(visibility: internal) @inlinable @_disfavoredOverload
    public func callAsFunction(
        _ handler: @escaping @Sendable (Sender, Args.Value1, Args.Value2, Args.Value3, Args.Value4) -> Answer
    ) -> EventSubscription { subscribe(handler) }
}
