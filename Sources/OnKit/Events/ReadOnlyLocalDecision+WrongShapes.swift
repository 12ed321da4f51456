// The local faces' wrong-shape diagnostics: the same messages as `Subscribable+WrongShapes.swift`,
// for `{ name, namespace, attributes in }` and the like on a parser's events.

/// `{ a, b, c in }` where the arguments are one plain value (`foundCharacters`' `String`).
extension ReadOnlyLocalDecision {
    /// Unavailable: the arguments are one value; two parameters are the sender and the arguments.
    @available(*, unavailable, message: "the arguments are one value: { sender, value in }, or { value in }; two parameters are the sender and the arguments")
    @discardableResult
    public func callAsFunction(_ handler: @escaping (Any, Any, Any) -> Answer) -> LocalSubscription {
        fatalError("unavailable")
    }
}

/// `{ name, namespace, attributes in }`: the SDK's parameters guessed for one value with named
/// fields (``NamedFields``).
extension ReadOnlyLocalDecision where Args: NamedFields {
    /// Unavailable: the arguments are one value, with named fields; flat forms start with the
    /// sender.
    @available(*, unavailable, message: "the arguments are one value with named fields: { sender, values in }, or { values in }; two parameters are the sender and the arguments; flat forms start with the sender")
    @discardableResult
    public func callAsFunction(_ handler: @escaping (Any, Any, Any) -> Answer) -> LocalSubscription {
        fatalError("unavailable")
    }
}

/// `{ a, b, c in }` where the callback carries nothing but its sender (`didStartDocument`).
extension ReadOnlyLocalDecision where Args == Void {
    /// Unavailable: the callback carries only its sender.
    @available(*, unavailable, message: "the callback carries only its sender: { sender in }, or { }")
    @discardableResult
    public func callAsFunction(_ handler: @escaping (Any, Any, Any) -> Answer) -> LocalSubscription {
        fatalError("unavailable")
    }
}
