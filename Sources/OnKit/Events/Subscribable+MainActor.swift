/// The `@MainActor` forms of the surface, for sources that call on the main actor (a
/// `MainActorBound` sender's, a `MainActorEvent`): the same members as `Subscribable`'s, whose
/// handlers may touch main-actor state. Each wraps its handler to run it on the main actor, where
/// such a source calls (see `MainActorSubscribable`).
extension MainActorSubscribable {
    /// Adds `handler`, called on the main actor on every later call until cancelled.
    @discardableResult
    public func subscribe(_ handler: @escaping @MainActor @Sendable (Sender, Args) -> Answer) -> EventSubscription {
        subscribeOnMainActor(handler)
    }

    /// Adds a handler bound to `owner` (held weakly, handed back), called on the main actor
    /// (example: ``MainActorBound``).
    @discardableResult
    public func subscribe<Owner: AnyObject & Sendable>(
        owner: Owner,
        _ handler: @escaping @MainActor @Sendable (Owner, Sender, Args) -> Answer
    ) -> EventSubscription {
        readOnly.store.insert(.owned(OwnedHandler(owner: owner, handler: onMainActor(handler))))
    }

    /// Adds a handler that runs at most once, on the main actor.
    @discardableResult
    public func once(_ handler: @escaping @MainActor @Sendable (Sender, Args) -> Answer) -> EventSubscription {
        readOnly.store.insert(.once(OnceHandler(onMainActor(handler))))
    }

    /// Adds `handler`, called on the main actor; same as `subscribe(_:)`.
    @discardableResult
    public func callAsFunction(_ handler: @escaping @MainActor @Sendable (Sender, Args) -> Answer) -> EventSubscription {
        subscribe(handler)
    }

    /// Adds a handler bound to `owner`, called on the main actor; same as `subscribe(owner:_:)`.
    @discardableResult
    public func callAsFunction<Owner: AnyObject & Sendable>(
        owner: Owner, _ handler: @escaping @MainActor @Sendable (Owner, Sender, Args) -> Answer
    ) -> EventSubscription {
        subscribe(owner: owner, handler)
    }

    /// Adds `handler`, called on the main actor; same as `subscribe(_:)`.
    @discardableResult
    public static func += (source: Self, handler: @escaping @MainActor @Sendable (Sender, Args) -> Answer) -> EventSubscription {
        source.subscribe(handler)
    }
}

extension MainActorSubscribable {
    /// The main-actor `subscribe(_:)`, under a name no overload shares: also the body of the
    /// non-discardable form of a ``LongLivedSender`` (`Subscribable+LongLivedMainActor.swift`).
    func subscribeOnMainActor(_ handler: @escaping @MainActor @Sendable (Sender, Args) -> Answer) -> EventSubscription {
        readOnly.store.insert(.plain(onMainActor(handler)))
    }
}

/// `handler`, callable from the nonisolated machinery: it runs it on the main actor, where a
/// `MainActorBound` sender calls, and stops with a clear message anywhere else.
private func onMainActor<Sender, Args, Answer>(
    _ handler: @escaping @MainActor @Sendable (Sender, Args) -> Answer
) -> @Sendable (Sender, Args) -> Answer {
    { sender, args in
        // Sound: used only synchronously on this thread, by `runOnMainActor` (see there).
        nonisolated(unsafe) let (sender, args) = (sender, args)
        return runOnMainActor { handler(sender, args) }
    }
}

private func onMainActor<Owner, Sender, Args, Answer>(
    _ handler: @escaping @MainActor @Sendable (Owner, Sender, Args) -> Answer
) -> @Sendable (Owner, Sender, Args) -> Answer {
    { owner, sender, args in
        // Sound: used only synchronously on this thread, by `runOnMainActor` (see there).
        nonisolated(unsafe) let (owner, sender, args) = (owner, sender, args)
        return runOnMainActor { handler(owner, sender, args) }
    }
}

/// Runs `body` synchronously on the main actor, which the caller must be on; anywhere else it
/// stops with OnKit's message, printed before any check of the runtime can stop first.
private func runOnMainActor<Answer>(_ body: @MainActor () -> Answer) -> Answer {
    MainActorCheck.stopUnlessOnMainActor()
    MainActor.preconditionIsolated(MainActorCheck.offMainActorMessage)
    // Sound: the precondition above proved this thread is the main actor's, and nothing here
    // leaves it: `assumeIsolated` runs its body synchronously. It wants a Sendable result only
    // because it cannot know that; this binding carries the answer across that signature.
    nonisolated(unsafe) var answer: Answer?
    MainActor.assumeIsolated { answer = body() }
    // Sound: the body above always ran (the precondition stops the program otherwise).
    return answer!
}
