/// A source that calls its handlers on the main actor, so that it takes `@MainActor` handlers:
/// the `@MainActor` forms of the surface (`Subscribable+MainActor.swift`) are written once, here,
/// for both kinds.
///
/// - Sources whose sender is ``MainActorBound`` (every UIKit and AppKit control, a main-actor
///   model): the sender calls on the main actor.
/// - ``MainActorEvent``: a source whose sender is not main-actor bound (`NotificationCenter`),
///   delivered on the main queue: `center.on.keyboardWillShow(on: MainActor.self)`.
///
/// The contract: such a source's handlers are called on the main actor; a main-actor handler
/// called anywhere else stops the program with a clear message (<doc:Semantics>). Conform only
/// a source that keeps it.
public protocol MainActorSubscribable: Subscribable {}

extension Event: MainActorSubscribable where Sender: MainActorBound {}
extension Decision: MainActorSubscribable where Sender: MainActorBound {}
extension ReadOnlyDecision: MainActorSubscribable where Sender: MainActorBound {}
extension EventAfterDecision: MainActorSubscribable where Sender: MainActorBound {}
