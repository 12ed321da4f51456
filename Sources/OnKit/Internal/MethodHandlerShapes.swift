// The lighter closure shapes `{ }` and `{ value in }` as the `(sender, arguments)` handler the
// surface stores: the generic shapes (`Subscribable+Shapes.swift`) and the sources that are
// methods (`change(of:)`, `willEvict()`, `notification(_:)`, `readable(_:)`,
// `DispatchTimer.every(_:)`…) each call one of these.
//
// Free functions rather than closures written in the generic `On` extensions: a closure made
// there captures `Base.Type`, which is not `Sendable` for a `Base` that is not.

/// A handler that gets only the arguments, as one that gets the sender too.
@inlinable
func ignoringSender<Sender, Args, Answer>(
    _ handler: @escaping @Sendable (Args) -> Answer
) -> @Sendable (Sender, Args) -> Answer {
    { _, args in handler(args) }
}

/// A handler that gets nothing, as one that gets the sender and the arguments.
@inlinable
func ignoringParameters<Sender, Args, Answer>(
    _ handler: @escaping @Sendable () -> Answer
) -> @Sendable (Sender, Args) -> Answer {
    { _, _ in handler() }
}
