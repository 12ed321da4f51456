import Observation

extension On where Base: Observable & Sendable {
    /// Calls `handler` with the new value after the property at `keyPath` changes, for every
    /// change until cancelled or until the model is gone.
    ///
    /// ```swift
    /// @MainActor @Observable final class Profile { var name = "" }
    /// extension Profile: OnCompatible {}      // Apple platforms: only if not an NSObject
    ///
    /// profile.on.change(of: \.name) { profile, name in print("now", name) }
    /// profile.name = "Ada"                    // later, on the main actor: prints "now Ada"
    /// ```
    ///
    /// ## When the handler runs
    /// Not synchronously: Swift's public observation API reports a change before the value is
    /// stored, so the value is read later, in a delivery job on `isolation` — by default the
    /// isolation of the code that subscribes (the main actor above; an actor's executor inside
    /// the actor). The job starts after the one that made the change has finished, reads the
    /// property then, and passes that value: the new value, never the old one.
    ///
    /// ## An actor is required
    /// That guarantee needs the delivery job to be serialized with the change, so `isolation`
    /// is an actor, never `nil`: from nonisolated code (where `#isolation` is `nil`) the call
    /// does not compile, rather than risk reading between the change's `willSet` and its store
    /// and losing the change. Subscribe on the actor that makes the changes:
    ///
    /// ```swift
    /// // nonisolated code, a main-actor model
    /// let subscription = await MainActor.run {
    ///     profile.on.change(of: \.name) { _, name in print(name) }
    /// }
    /// // nonisolated code, a model changed only on `store` (an actor)
    /// await gauge.on.change(of: \.level, isolation: store) { _, level in print(level) }
    /// ```
    ///
    /// ## Bursts
    /// Coalesced to the latest value: all the changes made before the delivery job runs (for
    /// example several sets in one main-actor function) give one call, with the value the
    /// property holds then. Setting an `Equatable` value equal to the current one is not a
    /// change (`@Observable` does not report it). Calls for one subscription never overlap and
    /// come in the order the values were read; every value delivered is one the property held.
    ///
    /// ## Threads
    /// The guarantee above (the new value, the last value always delivered) needs the changes
    /// to be made on `isolation`, which is where an `@Observable` model's state lives: for a
    /// model isolated to a global actor the compiler sees to it (a key path to a main-actor
    /// property can only be formed on the main actor). A model that is `Sendable` by an
    /// `@unchecked` promise must be changed on the `isolation` given here: a change made
    /// concurrently on another thread races with the read (a data race, and a change may be
    /// read before it is stored).
    ///
    /// ## Lifetime
    /// The subscription does not keep the model alive, and the handler gets the model, so it
    /// need not capture it. The handler, and what it captured, is released when cancelled, or
    /// when the model is deallocated (at once, also on Linux: the model's observation registrar
    /// releases it). Subscriptions to the same key path of a model share one registration in
    /// the model's registrar, so subscribing and cancelling any number of times keeps at most
    /// one per key path (until the property's next change or the model's deinit). If `keyPath` reads nothing observable (an `@ObservationIgnored` property),
    /// there is nothing to track: the subscription is inactive at once (`isActive == false`).
    @discardableResult
    public func change<Value: Sendable>(
        of keyPath: KeyPath<Base, Value>,
        isolation: isolated any Actor = #isolation,
        _ handler: @escaping @Sendable (Base, Value) -> Void
    ) -> EventSubscription {
        startLoop(keyPath, isolation: isolation) { model, value in
            handler(model, value)
            return true
        }
    }

    /// Calls `handler` after every change of `keyPath` while `owner` lives; `owner` is held
    /// weakly and handed back. Otherwise as `change(of:isolation:_:)`.
    ///
    /// Once `owner` is gone the handler is never called again; it is released at the next
    /// change (or when the model goes, or on cancel).
    ///
    /// ```swift
    /// profile.on.change(of: \.name, owner: screen) { screen, profile, name in screen.title = name }
    /// ```
    @discardableResult
    public func change<Value: Sendable, Owner: AnyObject & Sendable>(
        of keyPath: KeyPath<Base, Value>,
        owner: Owner,
        isolation: isolated any Actor = #isolation,
        _ handler: @escaping @Sendable (Owner, Base, Value) -> Void
    ) -> EventSubscription {
        startLoop(keyPath, isolation: isolation) { [weak owner] model, value in
            guard let owner else { return false }
            handler(owner, model, value)
            return true
        }
    }

    /// The new values of `keyPath`, as `change(of:isolation:_:)` delivers them, as an
    /// `AsyncStream`: the way to await a delivery.
    ///
    /// Tracking starts when this returns, so changes made before the loop first awaits are not
    /// lost. Buffering is unbounded (values are already coalesced by delivery). Leaving the loop
    /// or cancelling its task ends the subscription; the stream finishes when the model is
    /// deallocated.
    ///
    /// ```swift
    /// let names = profile.on.changes(of: \.name)
    /// profile.name = "Ada"
    /// for await name in names { print(name); break }   // "Ada"
    /// ```
    public func changes<Value: Sendable>(
        of keyPath: KeyPath<Base, Value>,
        isolation: isolated any Actor = #isolation
    ) -> AsyncStream<Value> {
        let (stream, continuation) = AsyncStream.makeStream(of: Value.self)
        let finisher = StreamFinisher(continuation)
        let subscription = startLoop(keyPath, isolation: isolation) { _, value in
            finisher.continuation.yield(value)
            return true
        }
        continuation.onTermination = { _ in subscription.cancel() }
        return stream
    }

    private func startLoop<Value: Sendable>(
        _ keyPath: KeyPath<Base, Value>,
        isolation: isolated any Actor,
        _ handler: @escaping ObservationLoop<Base, Value>.Handler
    ) -> EventSubscription {
        let loop = self[ObservationLoops.key].loop(of: base, keyPath)
        return loop.subscribe(isolation: isolation, handler)
    }
}
