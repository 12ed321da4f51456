/// The lighter closure shapes (see `Subscribable+Shapes.swift`) for sources whose sender is
/// `MainActorBound`: the same shapes, run on the main actor, each written once as a call to the
/// main-actor `(sender, arguments)` form, laid out by shape as there.
extension MainActorSubscribable {
    // `{ }`

    /// Adds a handler that takes no parameters, called on the main actor: `button.on.tap { print("tapped") }`.
    @discardableResult
    public func subscribe(_ handler: @escaping @MainActor @Sendable () -> Answer) -> EventSubscription { subscribe { @MainActor _, _ in handler() } }

    /// Adds a one-shot handler that takes no parameters, called on the main actor.
    @discardableResult
    public func once(_ handler: @escaping @MainActor @Sendable () -> Answer) -> EventSubscription { once { @MainActor _, _ in handler() } }

    /// Adds a handler that takes no parameters, called on the main actor; same as `subscribe(_:)`.
    @discardableResult
    public func callAsFunction(_ handler: @escaping @MainActor @Sendable () -> Answer) -> EventSubscription { subscribe(handler) }

    /// Adds a handler that takes no parameters, on the main actor; same as `subscribe(_:)`.
    @discardableResult
    public static func += (source: Self, handler: @escaping @MainActor @Sendable () -> Answer) -> EventSubscription {
        source.subscribe(handler)
    }

    /// Adds a handler bound to `owner` that takes only the owner, called on the main actor.
    @discardableResult
    public func subscribe<Owner: AnyObject & Sendable>(
        owner: Owner, _ handler: @escaping @MainActor @Sendable (Owner) -> Answer
    ) -> EventSubscription { subscribe(owner: owner) { @MainActor owner, _, _ in handler(owner) } }

    /// Adds a handler bound to `owner` that takes only the owner, called on the main actor.
    @discardableResult
    public func callAsFunction<Owner: AnyObject & Sendable>(
        owner: Owner, _ handler: @escaping @MainActor @Sendable (Owner) -> Answer
    ) -> EventSubscription { subscribe(owner: owner, handler) }

    // `{ value in }`: the arguments

    /// Adds a handler that takes the arguments only, called on the main actor.
    @discardableResult
    public func subscribe(_ handler: @escaping @MainActor @Sendable (Args) -> Answer) -> EventSubscription {
        subscribe { @MainActor _, args in handler(args) }
    }

    /// Adds a one-shot handler that takes the arguments only, called on the main actor.
    @discardableResult
    public func once(_ handler: @escaping @MainActor @Sendable (Args) -> Answer) -> EventSubscription { once { @MainActor _, args in handler(args) } }

    /// Adds a handler that takes the arguments only, on the main actor: `table.on.didSelectRow { print($0.row) }`.
    @discardableResult
    public func callAsFunction(_ handler: @escaping @MainActor @Sendable (Args) -> Answer) -> EventSubscription { subscribe(handler) }

    /// Adds a handler that takes the arguments only, on the main actor; same as `subscribe(_:)`.
    @discardableResult
    public static func += (source: Self, handler: @escaping @MainActor @Sendable (Args) -> Answer) -> EventSubscription {
        source.subscribe(handler)
    }

    /// Adds a handler bound to `owner` that takes the owner and the arguments, on the main actor.
    @discardableResult
    public func subscribe<Owner: AnyObject & Sendable>(
        owner: Owner, _ handler: @escaping @MainActor @Sendable (Owner, Args) -> Answer
    ) -> EventSubscription { subscribe(owner: owner) { @MainActor owner, _, args in handler(owner, args) } }

    /// Adds a handler bound to `owner` that takes the owner and the arguments, on the main actor.
    @discardableResult
    public func callAsFunction<Owner: AnyObject & Sendable>(
        owner: Owner, _ handler: @escaping @MainActor @Sendable (Owner, Args) -> Answer
    ) -> EventSubscription { subscribe(owner: owner, handler) }
}

/// `{ value in }` where a callback carries nothing but its sender, on the main actor.
extension MainActorSubscribable where Args == Void {
    /// Adds a handler bound to `owner` that takes the owner and the sender, on the main actor:
    /// `button.on.tap(owner: self) { controller, button in controller.count += 1 }`.
    @discardableResult
    public func subscribe<Owner: AnyObject & Sendable>(
        owner: Owner, _ handler: @escaping @MainActor @Sendable (Owner, Sender) -> Answer
    ) -> EventSubscription { subscribe(owner: owner) { @MainActor owner, sender, _ in handler(owner, sender) } }

    /// Adds a handler that takes the sender only, on the main actor: `button.on.tap { button in … }`.
    @discardableResult
    public func subscribe(_ handler: @escaping @MainActor @Sendable (Sender) -> Answer) -> EventSubscription {
        subscribe { @MainActor sender, _ in handler(sender) }
    }

    /// Adds a one-shot handler that takes the sender only, on the main actor.
    @discardableResult
    public func once(_ handler: @escaping @MainActor @Sendable (Sender) -> Answer) -> EventSubscription {
        once { @MainActor sender, _ in handler(sender) }
    }

    /// Adds a handler bound to `owner` that takes the owner and the sender, on the main actor.
    @discardableResult
    public func callAsFunction<Owner: AnyObject & Sendable>(
        owner: Owner, _ handler: @escaping @MainActor @Sendable (Owner, Sender) -> Answer
    ) -> EventSubscription { subscribe(owner: owner, handler) }

    /// Adds a handler that takes the sender only, on the main actor; same as `subscribe(_:)`.
    @discardableResult
    public func callAsFunction(_ handler: @escaping @MainActor @Sendable (Sender) -> Answer) -> EventSubscription { subscribe(handler) }

    /// Adds a handler that takes the sender only, on the main actor; same as `subscribe(_:)`.
    @discardableResult
    public static func += (source: Self, handler: @escaping @MainActor @Sendable (Sender) -> Answer) -> EventSubscription {
        source.subscribe(handler)
    }
}

/// `{ sender, a, b in }` on the main actor.
extension MainActorSubscribable where Args: TwoValues {
    /// Adds a flat handler on the main actor: `field.on.shouldChangeCharacters { field, range, string in … }`.
    @discardableResult
    public func subscribe(
        _ handler: @escaping @MainActor @Sendable (Sender, Args.Value1, Args.Value2) -> Answer
    ) -> EventSubscription {
        subscribe { @MainActor sender, args in let (a, b) = args.elements; return handler(sender, a, b) }
    }

    /// Adds a flat one-shot handler, on the main actor.
    @discardableResult
    public func once(
        _ handler: @escaping @MainActor @Sendable (Sender, Args.Value1, Args.Value2) -> Answer
    ) -> EventSubscription {
        once { @MainActor sender, args in let (a, b) = args.elements; return handler(sender, a, b) }
    }

    /// Adds a flat handler on the main actor; same as `subscribe(_:)`.
    @discardableResult
    public func callAsFunction(
        _ handler: @escaping @MainActor @Sendable (Sender, Args.Value1, Args.Value2) -> Answer
    ) -> EventSubscription { subscribe(handler) }

    /// Adds a flat handler on the main actor; same as `subscribe(_:)`.
    @discardableResult
    public static func += (
        source: Self, handler: @escaping @MainActor @Sendable (Sender, Args.Value1, Args.Value2) -> Answer
    ) -> EventSubscription { source.subscribe(handler) }

    /// Adds a flat handler bound to `owner`, on the main actor: the owner, the sender, each value.
    @discardableResult
    public func subscribe<Owner: AnyObject & Sendable>(
        owner: Owner, _ handler: @escaping @MainActor @Sendable (Owner, Sender, Args.Value1, Args.Value2) -> Answer
    ) -> EventSubscription {
        subscribe(owner: owner) { @MainActor owner, sender, args in
            let (a, b) = args.elements
            return handler(owner, sender, a, b)
        }
    }

    /// Adds a flat handler bound to `owner`, on the main actor; same as `subscribe(owner:_:)`.
    @discardableResult
    public func callAsFunction<Owner: AnyObject & Sendable>(
        owner: Owner, _ handler: @escaping @MainActor @Sendable (Owner, Sender, Args.Value1, Args.Value2) -> Answer
    ) -> EventSubscription { subscribe(owner: owner, handler) }
}
