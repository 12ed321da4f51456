// Diagnostics for the closure shapes users guess from the SDK's signatures, which the shape rule
// does not take: each is an unavailable overload whose message states the rule and a shape that
// fits. Swift ranks an unavailable declaration below every available one, so these are chosen
// only when no valid shape type-checks, and then the first error is their message.
//
// They match with concrete parameter types only (`Args.Value1`, `Any`): an overload generic over
// the closure's parameters (`<A, B, C>`) is never the one reported. Each one costs type-check
// time on every shape expression of its source: measured in the pull request's note.

/// `{ a, b in }` meant as the two values: two parameters are the sender and the arguments.
extension Subscribable where Args: TwoValues {
    /// Unavailable: two parameters are the sender and the arguments; for the two values,
    /// flat forms start with the sender: `{ sender, a, b in }`.
    @available(*, unavailable, message: "two parameters are the sender and the arguments; flat forms start with the sender: { sender, a, b in }, or { sender, values in }")
    @discardableResult
    public func callAsFunction(_ handler: @escaping (Args.Value1, Args.Value2) -> Answer) -> EventSubscription {
        fatalError("unavailable")
    }

    /// Unavailable: two parameters are the sender and the arguments (see `callAsFunction`).
    @available(*, unavailable, message: "two parameters are the sender and the arguments; flat forms start with the sender: { sender, a, b in }, or { sender, values in }")
    @discardableResult
    public func subscribe(_ handler: @escaping (Args.Value1, Args.Value2) -> Answer) -> EventSubscription {
        fatalError("unavailable")
    }
}

/// `{ a, b, c in }` where the arguments are not three values. The message fits what the callback
/// carries: one plain value (`textChanged`'s `String`, an `Event<Sender, Int>`'s `Int`), a value
/// with named fields (``NamedFields``: the SDK's parameters, as in
/// `parser(_:didStartElement:namespaceURI:qualifiedName:attributes:)`), or nothing but the sender.
/// The constrained overloads are more specialized than the unconstrained one, so each callback
/// reports one message.
extension Subscribable {
    /// Unavailable: the arguments are one value; two parameters are the sender and the arguments.
    @available(*, unavailable, message: "the arguments are one value: { sender, value in }, or { value in }; two parameters are the sender and the arguments")
    @discardableResult
    public func callAsFunction(_ handler: @escaping (Any, Any, Any) -> Answer) -> EventSubscription {
        fatalError("unavailable")
    }
}

/// `{ a, b, c in }` where the arguments are one value with named fields.
extension Subscribable where Args: NamedFields {
    /// Unavailable: the arguments are one value, with named fields; flat forms start with the
    /// sender.
    @available(*, unavailable, message: "the arguments are one value with named fields: { sender, values in }, or { values in }; two parameters are the sender and the arguments; flat forms start with the sender")
    @discardableResult
    public func callAsFunction(_ handler: @escaping (Any, Any, Any) -> Answer) -> EventSubscription {
        fatalError("unavailable")
    }
}

/// `{ a, b, c in }` where the callback carries nothing but its sender (a tap, a timer's fire).
extension Subscribable where Args == Void {
    /// Unavailable: the callback carries only its sender.
    @available(*, unavailable, message: "the callback carries only its sender: { sender in }, or { }")
    @discardableResult
    public func callAsFunction(_ handler: @escaping (Any, Any, Any) -> Answer) -> EventSubscription {
        fatalError("unavailable")
    }
}
