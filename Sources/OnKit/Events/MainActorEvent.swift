/// An event delivered on the main actor whatever its sender, so that it takes `@MainActor`
/// handlers: the face `on: MainActor.self` gives a notification,
/// `center.on.notification(.settingsChanged, on: MainActor.self)` and
/// `center.on.keyboardWillShow(on: MainActor.self)`.
///
/// It takes the whole surface (the four shapes, `owner:`, `once`, `+=`, `until`), as any source:
///
/// ```swift
/// center.on.notification(.settingsChanged, on: MainActor.self)
///     .subscribe(owner: screen) { screen, notification in
///         screen.reload()                // on the main actor
///     }
/// ```
///
/// A post made on the main actor runs the handlers at once; a post from another thread waits
/// for the main queue to run them, as Foundation's observers on `OperationQueue.main` make it
/// wait (do not post from a thread the main actor is waiting for).
@frozen
public struct MainActorEvent<Sender, Args>: MainActorSubscribable {
    /// The event underneath, whose store is called on the main queue only.
    public let readOnly: ReadOnlyEvent<Sender, Args>

    /// The face of `mainQueueEvent`, which must call its handlers on the main queue (the
    /// contract of ``MainActorSubscribable``).
    @inlinable
    init(mainQueueEvent: ReadOnlyEvent<Sender, Args>) { readOnly = mainQueueEvent }
}
