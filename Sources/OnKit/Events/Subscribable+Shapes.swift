/// The lighter closure shapes of the surface, beside `Subscribable`'s `(sender, arguments)`
/// form. The rule (<doc:Semantics>, "Handler shapes"):
///
/// - `{ }`: nothing; `thermostat.temperatureChanged { print("changed") }`.
/// - `{ value in }`: the arguments, or the sender where a callback carries none:
///   `parser.on.foundCharacters { text in … }`, `button.on.tap { button in … }`.
/// - `{ sender, arguments in }`: two parameters always mean the sender and the arguments.
/// - `{ sender, a, b in }`: flat, where the arguments are ``TwoValues``, ``ThreeValues`` or
///   ``FourValues``: `field.on.shouldChangeCharacters { field, range, string in … }`.
///
/// `once`, `+=` and the `owner:` forms take the same shapes, with the owner first. Each shape is
/// written here once, as a call to the `(sender, arguments)` form. Swift picks a closure
/// literal's shape by overload, so each entry point needs an overload per shape: the table is
/// laid out by shape (one extension, or one block, per shape), one overload a line.
extension Subscribable {
    // `{ }`

    /// Adds a handler that takes no parameters; see `subscribe(_:)`.
    @discardableResult @inlinable @_disfavoredOverload
    public func subscribe(_ handler: @escaping @Sendable () -> Answer) -> EventSubscription { subscribe(ignoringParameters(handler)) }

    /// Adds a one-shot handler that takes no parameters; see `once(_:)`.
    @discardableResult @inlinable @_disfavoredOverload
    public func once(_ handler: @escaping @Sendable () -> Answer) -> EventSubscription { once(ignoringParameters(handler)) }

    /// Adds a handler that takes no parameters: `thermostat.temperatureChanged { print("changed") }`.
    @discardableResult @inlinable @_disfavoredOverload
    public func callAsFunction(_ handler: @escaping @Sendable () -> Answer) -> EventSubscription { subscribe(handler) }

    /// Adds a handler that takes no parameters; same as `subscribe(_:)`.
    @discardableResult @inlinable @_disfavoredOverload
    public static func += (source: Self, handler: @escaping @Sendable () -> Answer) -> EventSubscription { source.subscribe(handler) }

    /// Adds a handler bound to `owner` that takes only the owner; see `subscribe(owner:_:)`.
    @discardableResult @inlinable @_disfavoredOverload
    public func subscribe<Owner: AnyObject & Sendable>(
        owner: Owner, _ handler: @escaping @Sendable (Owner) -> Answer
    ) -> EventSubscription { subscribe(owner: owner) { owner, _, _ in handler(owner) } }

    /// Adds a handler bound to `owner` that takes only the owner.
    @discardableResult @inlinable @_disfavoredOverload
    public func callAsFunction<Owner: AnyObject & Sendable>(
        owner: Owner, _ handler: @escaping @Sendable (Owner) -> Answer
    ) -> EventSubscription { subscribe(owner: owner, handler) }

    // `{ value in }`: the arguments

    /// Adds a handler that takes the arguments only; see `subscribe(_:)`.
    @discardableResult @inlinable @_disfavoredOverload
    public func subscribe(_ handler: @escaping @Sendable (Args) -> Answer) -> EventSubscription { subscribe(ignoringSender(handler)) }

    /// Adds a one-shot handler that takes the arguments only; see `once(_:)`.
    @discardableResult @inlinable @_disfavoredOverload
    public func once(_ handler: @escaping @Sendable (Args) -> Answer) -> EventSubscription { once(ignoringSender(handler)) }

    /// Adds a handler that takes the arguments only: `parser.on.foundCharacters { text in … }`.
    @discardableResult @inlinable @_disfavoredOverload
    public func callAsFunction(_ handler: @escaping @Sendable (Args) -> Answer) -> EventSubscription { subscribe(handler) }

    /// Adds a handler that takes the arguments only; same as `subscribe(_:)`.
    @discardableResult @inlinable @_disfavoredOverload
    public static func += (source: Self, handler: @escaping @Sendable (Args) -> Answer) -> EventSubscription { source.subscribe(handler) }

    /// Adds a handler bound to `owner` that takes the owner and the arguments.
    @discardableResult @inlinable @_disfavoredOverload
    public func subscribe<Owner: AnyObject & Sendable>(
        owner: Owner, _ handler: @escaping @Sendable (Owner, Args) -> Answer
    ) -> EventSubscription { subscribe(owner: owner) { owner, _, args in handler(owner, args) } }

    /// Adds a handler bound to `owner` that takes the owner and the arguments.
    @discardableResult @inlinable @_disfavoredOverload
    public func callAsFunction<Owner: AnyObject & Sendable>(
        owner: Owner, _ handler: @escaping @Sendable (Owner, Args) -> Answer
    ) -> EventSubscription { subscribe(owner: owner, handler) }
}

/// `{ value in }` where a callback carries nothing but its sender: the value is the sender.
extension Subscribable where Args == Void {
    /// Adds a handler bound to `owner` that takes the owner and the sender:
    /// `try DispatchTimer.every(1).fired(owner: clockView) { clockView, timer in clockView.refresh() }`.
    @discardableResult @inlinable @_disfavoredOverload
    public func subscribe<Owner: AnyObject & Sendable>(
        owner: Owner, _ handler: @escaping @Sendable (Owner, Sender) -> Answer
    ) -> EventSubscription { subscribe(owner: owner) { owner, sender, _ in handler(owner, sender) } }

    /// Adds a handler that takes the sender only, for callbacks that carry nothing else:
    /// `parser.on.didStartDocument { parser in … }`.
    @discardableResult @inlinable @_disfavoredOverload
    public func subscribe(_ handler: @escaping @Sendable (Sender) -> Answer) -> EventSubscription { subscribe { sender, _ in handler(sender) } }

    /// Adds a one-shot handler that takes the sender only.
    @discardableResult @inlinable @_disfavoredOverload
    public func once(_ handler: @escaping @Sendable (Sender) -> Answer) -> EventSubscription { once { sender, _ in handler(sender) } }

    /// Adds a handler bound to `owner` that takes the owner and the sender.
    @discardableResult @inlinable @_disfavoredOverload
    public func callAsFunction<Owner: AnyObject & Sendable>(
        owner: Owner, _ handler: @escaping @Sendable (Owner, Sender) -> Answer
    ) -> EventSubscription { subscribe(owner: owner, handler) }

    /// Adds a handler that takes the sender only; same as `subscribe(_:)`.
    @discardableResult @inlinable @_disfavoredOverload
    public func callAsFunction(_ handler: @escaping @Sendable (Sender) -> Answer) -> EventSubscription { subscribe(handler) }

    /// Adds a handler that takes the sender only; same as `subscribe(_:)`.
    @discardableResult @inlinable @_disfavoredOverload
    public static func += (source: Self, handler: @escaping @Sendable (Sender) -> Answer) -> EventSubscription { source.subscribe(handler) }
}

/// `{ sender, a, b in }`.
extension Subscribable where Args: TwoValues {
    /// Adds a flat handler: the sender, then each value: `field.on.shouldChangeCharacters { field, range, string in … }`.
    @discardableResult @inlinable @_disfavoredOverload
    public func subscribe(_ handler: @escaping @Sendable (Sender, Args.Value1, Args.Value2) -> Answer) -> EventSubscription {
        subscribe { sender, args in let (a, b) = args.elements; return handler(sender, a, b) }
    }

    /// Adds a flat one-shot handler.
    @discardableResult @inlinable @_disfavoredOverload
    public func once(_ handler: @escaping @Sendable (Sender, Args.Value1, Args.Value2) -> Answer) -> EventSubscription {
        once { sender, args in let (a, b) = args.elements; return handler(sender, a, b) }
    }

    /// Adds a flat handler; same as `subscribe(_:)`.
    @discardableResult @inlinable @_disfavoredOverload
    public func callAsFunction(_ handler: @escaping @Sendable (Sender, Args.Value1, Args.Value2) -> Answer) -> EventSubscription {
        subscribe(handler)
    }

    /// Adds a flat handler; same as `subscribe(_:)`.
    @discardableResult @inlinable @_disfavoredOverload
    public static func += (
        source: Self, handler: @escaping @Sendable (Sender, Args.Value1, Args.Value2) -> Answer
    ) -> EventSubscription { source.subscribe(handler) }

    /// Adds a flat handler bound to `owner`: the owner, the sender, then each value.
    @discardableResult @inlinable @_disfavoredOverload
    public func subscribe<Owner: AnyObject & Sendable>(
        owner: Owner, _ handler: @escaping @Sendable (Owner, Sender, Args.Value1, Args.Value2) -> Answer
    ) -> EventSubscription {
        subscribe(owner: owner) { owner, sender, args in let (a, b) = args.elements; return handler(owner, sender, a, b) }
    }

    /// Adds a flat handler bound to `owner`; same as `subscribe(owner:_:)`.
    @discardableResult @inlinable @_disfavoredOverload
    public func callAsFunction<Owner: AnyObject & Sendable>(
        owner: Owner, _ handler: @escaping @Sendable (Owner, Sender, Args.Value1, Args.Value2) -> Answer
    ) -> EventSubscription { subscribe(owner: owner, handler) }
}

/// `{ sender, a, b, c in }`.
extension Subscribable where Args: ThreeValues {
    /// Adds a flat handler: the sender, then each value.
    @discardableResult @inlinable @_disfavoredOverload
    public func subscribe(
        _ handler: @escaping @Sendable (Sender, Args.Value1, Args.Value2, Args.Value3) -> Answer
    ) -> EventSubscription { subscribe { sender, args in let (a, b, c) = args.elements; return handler(sender, a, b, c) } }

    /// Adds a flat one-shot handler.
    @discardableResult @inlinable @_disfavoredOverload
    public func once(
        _ handler: @escaping @Sendable (Sender, Args.Value1, Args.Value2, Args.Value3) -> Answer
    ) -> EventSubscription { once { sender, args in let (a, b, c) = args.elements; return handler(sender, a, b, c) } }

    /// Adds a flat handler; same as `subscribe(_:)`.
    @discardableResult @inlinable @_disfavoredOverload
    public func callAsFunction(
        _ handler: @escaping @Sendable (Sender, Args.Value1, Args.Value2, Args.Value3) -> Answer
    ) -> EventSubscription { subscribe(handler) }

    /// Adds a flat handler; same as `subscribe(_:)`.
    @discardableResult @inlinable @_disfavoredOverload
    public static func += (
        source: Self, handler: @escaping @Sendable (Sender, Args.Value1, Args.Value2, Args.Value3) -> Answer
    ) -> EventSubscription { source.subscribe(handler) }

    /// Adds a flat handler bound to `owner`: the owner, the sender, then each value.
    @discardableResult @inlinable @_disfavoredOverload
    public func subscribe<Owner: AnyObject & Sendable>(
        owner: Owner, _ handler: @escaping @Sendable (Owner, Sender, Args.Value1, Args.Value2, Args.Value3) -> Answer
    ) -> EventSubscription {
        subscribe(owner: owner) { owner, sender, args in
            let (a, b, c) = args.elements
            return handler(owner, sender, a, b, c)
        }
    }

    /// Adds a flat handler bound to `owner`; same as `subscribe(owner:_:)`.
    @discardableResult @inlinable @_disfavoredOverload
    public func callAsFunction<Owner: AnyObject & Sendable>(
        owner: Owner, _ handler: @escaping @Sendable (Owner, Sender, Args.Value1, Args.Value2, Args.Value3) -> Answer
    ) -> EventSubscription { subscribe(owner: owner, handler) }
}

/// `{ sender, a, b, c, d in }`.
extension Subscribable where Args: FourValues {
    /// Adds a flat handler: the sender, then each value.
    @discardableResult @inlinable @_disfavoredOverload
    public func subscribe(
        _ handler: @escaping @Sendable (Sender, Args.Value1, Args.Value2, Args.Value3, Args.Value4) -> Answer
    ) -> EventSubscription { subscribe { sender, args in let (a, b, c, d) = args.elements; return handler(sender, a, b, c, d) } }

    /// Adds a flat handler; same as `subscribe(_:)`.
    @discardableResult @inlinable @_disfavoredOverload
    public func callAsFunction(
        _ handler: @escaping @Sendable (Sender, Args.Value1, Args.Value2, Args.Value3, Args.Value4) -> Answer
    ) -> EventSubscription { subscribe(handler) }
}
