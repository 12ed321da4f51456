// The `@MainActor` plain registrations of a ``LongLivedSender``'s main-actor sources
// (`center.on.keyboardWillShow(on: MainActor.self)`), without `@discardableResult`: the table of
// `Subscribable+MainActorShapes.swift` for `subscribe`, `callAsFunction` and `+=`, as
// `Subscribable+LongLived.swift` is for the nonisolated one.
//
// Hidden from the documentation (`@_documentation(visibility: internal)`): each has the signature
// of the discardable form it stands in for, whose page documents both (``LongLivedSender`` says
// which warn), and DocC cannot tell two members of one signature apart in a link.

extension MainActorSubscribable where Sender: LongLivedSender {
    /// Adds `handler`, called on the main actor until cancelled. Store the subscription: the
    /// source outlives every screen.
    @_documentation(visibility: internal)
    public func subscribe(_ handler: @escaping @MainActor @Sendable (Sender, Args) -> Answer) -> EventSubscription {
        subscribeOnMainActor(handler)
    }

    /// Adds `handler`, called on the main actor; same as `subscribe(_:)`.
    @_documentation(visibility: internal)
    public func callAsFunction(_ handler: @escaping @MainActor @Sendable (Sender, Args) -> Answer) -> EventSubscription { subscribe(handler) }

    /// Adds `handler`, called on the main actor; same as `subscribe(_:)`.
    @_documentation(visibility: internal)
    public static func += (source: Self, handler: @escaping @MainActor @Sendable (Sender, Args) -> Answer) -> EventSubscription {
        source.subscribe(handler)
    }

    /// Adds a handler that takes no parameters, called on the main actor; same as `subscribe(_:)`.
    @_documentation(visibility: internal)
    public func subscribe(_ handler: @escaping @MainActor @Sendable () -> Answer) -> EventSubscription { subscribe { @MainActor _, _ in handler() } }

    /// Adds a handler that takes no parameters, called on the main actor; same as `subscribe(_:)`.
    @_documentation(visibility: internal)
    public func callAsFunction(_ handler: @escaping @MainActor @Sendable () -> Answer) -> EventSubscription { subscribe(handler) }

    /// Adds a handler that takes no parameters, called on the main actor; same as `subscribe(_:)`.
    @_documentation(visibility: internal)
    public static func += (source: Self, handler: @escaping @MainActor @Sendable () -> Answer) -> EventSubscription {
        source.subscribe(handler)
    }

    /// Adds a handler that takes the arguments only, called on the main actor; same as `subscribe(_:)`.
    @_documentation(visibility: internal)
    public func subscribe(_ handler: @escaping @MainActor @Sendable (Args) -> Answer) -> EventSubscription {
        subscribe { @MainActor _, args in handler(args) }
    }

    /// Adds a handler that takes the arguments only, called on the main actor: `center.on.keyboardWillShow(on: MainActor.self) { keyboard in … }`.
    @_documentation(visibility: internal)
    public func callAsFunction(_ handler: @escaping @MainActor @Sendable (Args) -> Answer) -> EventSubscription { subscribe(handler) }

    /// Adds a handler that takes the arguments only, called on the main actor; same as `subscribe(_:)`.
    @_documentation(visibility: internal)
    public static func += (source: Self, handler: @escaping @MainActor @Sendable (Args) -> Answer) -> EventSubscription {
        source.subscribe(handler)
    }
}

/// `{ sender in }` on the main actor.
extension MainActorSubscribable where Sender: LongLivedSender, Args == Void {
    /// Adds a handler that takes the sender only, called on the main actor; same as `subscribe(_:)`.
    @_documentation(visibility: internal)
    public func subscribe(_ handler: @escaping @MainActor @Sendable (Sender) -> Answer) -> EventSubscription {
        subscribe { @MainActor sender, _ in handler(sender) }
    }

    /// Adds a handler that takes the sender only, called on the main actor; same as `subscribe(_:)`.
    @_documentation(visibility: internal)
    public func callAsFunction(_ handler: @escaping @MainActor @Sendable (Sender) -> Answer) -> EventSubscription { subscribe(handler) }

    /// Adds a handler that takes the sender only, called on the main actor; same as `subscribe(_:)`.
    @_documentation(visibility: internal)
    public static func += (source: Self, handler: @escaping @MainActor @Sendable (Sender) -> Answer) -> EventSubscription {
        source.subscribe(handler)
    }
}

/// `{ sender, a, b in }` on the main actor.
extension MainActorSubscribable where Sender: LongLivedSender, Args: TwoValues {
    /// Adds a flat handler, called on the main actor; same as `subscribe(_:)`.
    @_documentation(visibility: internal)
    public func subscribe(_ handler: @escaping @MainActor @Sendable (Sender, Args.Value1, Args.Value2) -> Answer) -> EventSubscription {
        subscribe { @MainActor sender, args in let (a, b) = args.elements; return handler(sender, a, b) }
    }

    /// Adds a flat handler, called on the main actor; same as `subscribe(_:)`.
    @_documentation(visibility: internal)
    public func callAsFunction(_ handler: @escaping @MainActor @Sendable (Sender, Args.Value1, Args.Value2) -> Answer) -> EventSubscription {
        subscribe(handler)
    }

    /// Adds a flat handler, called on the main actor; same as `subscribe(_:)`.
    @_documentation(visibility: internal)
    public static func += (
        source: Self, handler: @escaping @MainActor @Sendable (Sender, Args.Value1, Args.Value2) -> Answer
    ) -> EventSubscription { source.subscribe(handler) }
}
