// The vetoes' diagnostics: a handler that answers like a `Bool` on an event that has a decision
// twin (`EventAfterDecision`) is taken, its answer ignored, with a deprecation warning whose
// message names the twin. A deprecation message cannot be generic, so each twin has one block;
// each block is the same table, one overload a line, each a call to the `Void` form.
//
// Why these overloads win only where they should: their answer is a generic `R` that must be
// `ExpressibleByBooleanLiteral`, which only a closure that returns a `Bool` gives it. A
// single-expression `{ text in text.count <= 10 }` infers `R == Bool` and fits without the
// conversion a `Void` handler needs, and a member of the concrete face outranks the protocol's.
// A handler of several statements that returns nothing infers `R == Void`, which fails the
// constraint, so it keeps the `Void` forms (with a plain `-> Bool` it would be taken here and fail
// with "missing return"). They exist only for main-actor senders: every event with a decision
// twin is a UIKit control's or view's.
//
// They also catch a handler whose only expression is a call that returns a discardable `Bool`
// (`{ _ in field.resignFirstResponder() }`): on these events, write `_ =` before it.

/// `field.on.textChanged { text in text.count <= 10 }`: a `Bool` handler names `shouldChangeCharacters`.
extension EventAfterDecision where Sender: MainActorBound, Twin == DecisionTwin.ShouldChangeCharacters {
    /// Adds a handler that takes the arguments; its answer is ignored (deprecated: see the message).
    @available(*, deprecated, message: "an event cannot refuse: its handler's Bool is ignored; refuse the change in on.shouldChangeCharacters, which is asked before it")
    @discardableResult
    public func callAsFunction<R: ExpressibleByBooleanLiteral>(_ handler: @escaping @MainActor @Sendable (Args) -> R) -> EventSubscription { readOnly { @MainActor args in _ = handler(args) } }

    /// Adds a handler that takes the sender and the arguments; its answer is ignored.
    @available(*, deprecated, message: "an event cannot refuse: its handler's Bool is ignored; refuse the change in on.shouldChangeCharacters, which is asked before it")
    @discardableResult
    public func callAsFunction<R: ExpressibleByBooleanLiteral>(_ handler: @escaping @MainActor @Sendable (Sender, Args) -> R) -> EventSubscription { readOnly { @MainActor sender, args in _ = handler(sender, args) } }

    /// Adds a handler that takes the arguments; its answer is ignored.
    @available(*, deprecated, message: "an event cannot refuse: its handler's Bool is ignored; refuse the change in on.shouldChangeCharacters, which is asked before it")
    @discardableResult
    public func subscribe<R: ExpressibleByBooleanLiteral>(_ handler: @escaping @MainActor @Sendable (Args) -> R) -> EventSubscription { callAsFunction(handler) }

    /// Adds a handler that takes the sender and the arguments; its answer is ignored.
    @available(*, deprecated, message: "an event cannot refuse: its handler's Bool is ignored; refuse the change in on.shouldChangeCharacters, which is asked before it")
    @discardableResult
    public func subscribe<R: ExpressibleByBooleanLiteral>(_ handler: @escaping @MainActor @Sendable (Sender, Args) -> R) -> EventSubscription { callAsFunction(handler) }

    /// Adds a one-shot handler that takes the arguments; its answer is ignored.
    @available(*, deprecated, message: "an event cannot refuse: its handler's Bool is ignored; refuse the change in on.shouldChangeCharacters, which is asked before it")
    @discardableResult
    public func once<R: ExpressibleByBooleanLiteral>(_ handler: @escaping @MainActor @Sendable (Args) -> R) -> EventSubscription { readOnly.once { @MainActor args in _ = handler(args) } }

    /// Adds a handler that takes the arguments; its answer is ignored.
    @available(*, deprecated, message: "an event cannot refuse: its handler's Bool is ignored; refuse the change in on.shouldChangeCharacters, which is asked before it")
    @discardableResult
    public static func += <R: ExpressibleByBooleanLiteral>(source: Self, handler: @escaping @MainActor @Sendable (Args) -> R) -> EventSubscription { source.callAsFunction(handler) }

    /// Adds a handler bound to `owner` that takes the owner and the arguments; its answer is ignored.
    @available(*, deprecated, message: "an event cannot refuse: its handler's Bool is ignored; refuse the change in on.shouldChangeCharacters, which is asked before it")
    @discardableResult
    public func callAsFunction<Owner: AnyObject & Sendable, R: ExpressibleByBooleanLiteral>(
        owner: Owner, _ handler: @escaping @MainActor @Sendable (Owner, Args) -> R
    ) -> EventSubscription { readOnly(owner: owner) { @MainActor owner, args in _ = handler(owner, args) } }
}

/// `searchBar.on.textDidChange { text in text.count <= 10 }`: a `Bool` handler names `shouldChangeText`.
extension EventAfterDecision where Sender: MainActorBound, Twin == DecisionTwin.ShouldChangeText {
    /// Adds a handler that takes the arguments; its answer is ignored (deprecated: see the message).
    @available(*, deprecated, message: "an event cannot refuse: its handler's Bool is ignored; refuse the change in on.shouldChangeText, which is asked before it")
    @discardableResult
    public func callAsFunction<R: ExpressibleByBooleanLiteral>(_ handler: @escaping @MainActor @Sendable (Args) -> R) -> EventSubscription { readOnly { @MainActor args in _ = handler(args) } }

    /// Adds a handler that takes the sender and the arguments; its answer is ignored.
    @available(*, deprecated, message: "an event cannot refuse: its handler's Bool is ignored; refuse the change in on.shouldChangeText, which is asked before it")
    @discardableResult
    public func callAsFunction<R: ExpressibleByBooleanLiteral>(_ handler: @escaping @MainActor @Sendable (Sender, Args) -> R) -> EventSubscription { readOnly { @MainActor sender, args in _ = handler(sender, args) } }

    /// Adds a handler that takes the arguments; its answer is ignored.
    @available(*, deprecated, message: "an event cannot refuse: its handler's Bool is ignored; refuse the change in on.shouldChangeText, which is asked before it")
    @discardableResult
    public func subscribe<R: ExpressibleByBooleanLiteral>(_ handler: @escaping @MainActor @Sendable (Args) -> R) -> EventSubscription { callAsFunction(handler) }

    /// Adds a handler that takes the sender and the arguments; its answer is ignored.
    @available(*, deprecated, message: "an event cannot refuse: its handler's Bool is ignored; refuse the change in on.shouldChangeText, which is asked before it")
    @discardableResult
    public func subscribe<R: ExpressibleByBooleanLiteral>(_ handler: @escaping @MainActor @Sendable (Sender, Args) -> R) -> EventSubscription { callAsFunction(handler) }

    /// Adds a one-shot handler that takes the arguments; its answer is ignored.
    @available(*, deprecated, message: "an event cannot refuse: its handler's Bool is ignored; refuse the change in on.shouldChangeText, which is asked before it")
    @discardableResult
    public func once<R: ExpressibleByBooleanLiteral>(_ handler: @escaping @MainActor @Sendable (Args) -> R) -> EventSubscription { readOnly.once { @MainActor args in _ = handler(args) } }

    /// Adds a handler that takes the arguments; its answer is ignored.
    @available(*, deprecated, message: "an event cannot refuse: its handler's Bool is ignored; refuse the change in on.shouldChangeText, which is asked before it")
    @discardableResult
    public static func += <R: ExpressibleByBooleanLiteral>(source: Self, handler: @escaping @MainActor @Sendable (Args) -> R) -> EventSubscription { source.callAsFunction(handler) }

    /// Adds a handler bound to `owner` that takes the owner and the arguments; its answer is ignored.
    @available(*, deprecated, message: "an event cannot refuse: its handler's Bool is ignored; refuse the change in on.shouldChangeText, which is asked before it")
    @discardableResult
    public func callAsFunction<Owner: AnyObject & Sendable, R: ExpressibleByBooleanLiteral>(
        owner: Owner, _ handler: @escaping @MainActor @Sendable (Owner, Args) -> R
    ) -> EventSubscription { readOnly(owner: owner) { @MainActor owner, args in _ = handler(owner, args) } }
}

/// `textView.on.didChange { textView in textView.text.count <= 140 }`: the sender is the value.
extension EventAfterDecision where Sender: MainActorBound, Args == Void, Twin == DecisionTwin.ShouldChangeText {
    /// Adds a handler that takes the sender; its answer is ignored (deprecated: see the message).
    @available(*, deprecated, message: "an event cannot refuse: its handler's Bool is ignored; refuse the change in on.shouldChangeText, which is asked before it")
    @discardableResult
    public func callAsFunction<R: ExpressibleByBooleanLiteral>(_ handler: @escaping @MainActor @Sendable (Sender) -> R) -> EventSubscription { readOnly { @MainActor sender in _ = handler(sender) } }

    /// Adds a handler that takes the sender; its answer is ignored.
    @available(*, deprecated, message: "an event cannot refuse: its handler's Bool is ignored; refuse the change in on.shouldChangeText, which is asked before it")
    @discardableResult
    public func subscribe<R: ExpressibleByBooleanLiteral>(_ handler: @escaping @MainActor @Sendable (Sender) -> R) -> EventSubscription { callAsFunction(handler) }

    /// Adds a handler that takes the sender; its answer is ignored.
    @available(*, deprecated, message: "an event cannot refuse: its handler's Bool is ignored; refuse the change in on.shouldChangeText, which is asked before it")
    @discardableResult
    public static func += <R: ExpressibleByBooleanLiteral>(source: Self, handler: @escaping @MainActor @Sendable (Sender) -> R) -> EventSubscription { source.callAsFunction(handler) }
}
