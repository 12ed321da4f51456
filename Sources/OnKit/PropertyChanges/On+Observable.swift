import Observation

extension On where Base: Observable & Sendable {
    /// Calls `handler` with the model and the new value after the property at `keyPath` changes,
    /// for every change until cancelled or until the model is gone. Also `{ name in }`, `{ }`,
    /// and, as a sequence, `values(of:isolation:)`.
    ///
    /// ```swift
    /// @MainActor @Observable final class Author { var name = "" }
    /// extension Author: OnCompatible {}  // Apple platforms: unless an NSObject
    ///
    /// author.on.change(of: \.name) { _, name in print("now", name) }
    /// author.name = "Ada"                // later, on the main actor: "now Ada"
    /// ```
    ///
    /// ## When the handler runs
    /// Not synchronously: Swift's public observation API reports a change before the value is
    /// stored, so a delivery job on `isolation` (by default the subscriber's: the main actor
    /// above) reads it after the job that made the change, and passes the new value.
    ///
    /// ## An actor is required
    /// That needs the job serialized with the change, so from nonisolated code (`#isolation` is
    /// `nil`) the call does not compile. Subscribe on the actor that makes the changes:
    ///
    /// ```swift
    /// // nonisolated code, a main-actor model:
    /// let subscription = await MainActor.run {
    ///     author.on.change(of: \.name) { _, name in print(name) }
    /// }
    /// // a gauge changed on the actor `store`:
    /// await gauge.on.change(of: \.level, isolation: store) { _, level in
    ///     print(level)
    /// }
    /// ```
    ///
    /// A model `Sendable` by an `@unchecked` promise must be changed on `isolation` only: a change
    /// on another thread races with the read (a data race, and a change may be read too early).
    ///
    /// ## Bursts
    /// Changes made before the job runs give one call, with the value then (setting an equal
    /// `Equatable` value is no change). Calls for one subscription never overlap, come in the
    /// order the values were read, and each value delivered is one the property held.
    ///
    /// ## Lifetime
    /// The subscription does not keep the model alive; the handler gets it. The handler is
    /// released when cancelled or when the model is deallocated (at once, also on Linux).
    /// Subscriptions to one key path share one registration in the model's registrar. A key path
    /// that reads nothing observable (`@ObservationIgnored`) gives an inactive subscription.
    ///
    /// ## Main-actor models
    /// A model marked ``MainActorBound`` takes `@MainActor` handlers instead, delivered on the
    /// main actor from any caller (`On+ObservableMainActor.swift`). The forms here are
    /// `@_disfavoredOverload` so that those win where both apply, as `Subscribable`'s do.
    @discardableResult @_disfavoredOverload
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

    /// Calls `handler` with the new value after every change of `keyPath`; otherwise as
    /// `change(of:isolation:_:)`: `user.on.change(of: \.name) { name in print(name) }`.
    @discardableResult @_disfavoredOverload
    public func change<Value: Sendable>(
        of keyPath: KeyPath<Base, Value>,
        isolation: isolated any Actor = #isolation,
        _ handler: @escaping @Sendable (Value) -> Void
    ) -> EventSubscription {
        change(of: keyPath, isolation: isolation, ignoringSender(handler))
    }

    /// Calls `handler` after every change of `keyPath`; otherwise as `change(of:isolation:_:)`:
    /// `user.on.change(of: \.name) { print("renamed") }`.
    @discardableResult @_disfavoredOverload
    public func change<Value: Sendable>(
        of keyPath: KeyPath<Base, Value>,
        isolation: isolated any Actor = #isolation,
        _ handler: @escaping @Sendable () -> Void
    ) -> EventSubscription {
        change(of: keyPath, isolation: isolation, ignoringParameters(handler))
    }

    /// Unavailable: an `@Observable` model has no change *event* to subscribe to later (its changes
    /// are delivered on an actor, see `change(of:isolation:_:)`); pass the handler instead.
    @available(*, unavailable, message: "an @Observable model's changes take the handler here: change(of:) { model, value in }, change(of:owner:) { owner, model, value in }, or the sequence values(of:)")
    public func change<Value: Sendable>(of keyPath: KeyPath<Base, Value>) -> ReadOnlyEvent<Base, Value> {
        .finished  // never called: unavailable
    }

    /// Calls `handler` after every change of `keyPath` while `owner` (held weakly, handed back)
    /// lives; released at the next change after it is gone. Otherwise as `change(of:isolation:_:)`:
    /// `author.on.change(of: \.name, owner: screen) { screen, author, name in screen.show(name) }`.
    @discardableResult @_disfavoredOverload
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

    /// Calls `handler` with the owner and the new value after every change of `keyPath` while
    /// `owner` lives (see `change(of:owner:isolation:_:)`):
    /// `author.on.change(of: \.name, owner: screen) { screen, name in screen.show(name) }`.
    @discardableResult @_disfavoredOverload
    public func change<Value: Sendable, Owner: AnyObject & Sendable>(
        of keyPath: KeyPath<Base, Value>,
        owner: Owner,
        isolation: isolated any Actor = #isolation,
        _ handler: @escaping @Sendable (Owner, Value) -> Void
    ) -> EventSubscription {
        change(of: keyPath, owner: owner, isolation: isolation) { owner, _, value in handler(owner, value) }
    }

    /// Calls `handler` with the owner after every change of `keyPath` while `owner` lives (see
    /// `change(of:owner:isolation:_:)`): `author.on.change(of: \.name, owner: screen) { screen in screen.refresh() }`.
    @discardableResult @_disfavoredOverload
    public func change<Value: Sendable, Owner: AnyObject & Sendable>(
        of keyPath: KeyPath<Base, Value>,
        owner: Owner,
        isolation: isolated any Actor = #isolation,
        _ handler: @escaping @Sendable (Owner) -> Void
    ) -> EventSubscription {
        change(of: keyPath, owner: owner, isolation: isolation) { owner, _, _ in handler(owner) }
    }

    /// The new values of `keyPath`, as `change(of:isolation:_:)` delivers them, as an
    /// `AsyncSequence`.
    ///
    /// Tracking starts when this returns (changes before the first await are not lost);
    /// buffering is unbounded. Ending the loop or its task ends the subscription; the sequence
    /// finishes when the model is deallocated.
    ///
    /// ```swift
    /// let names = author.on.values(of: \.name)
    /// author.name = "Ada"
    /// for await name in names { print(name); break }   // "Ada"
    /// ```
    public func values<Value: Sendable>(
        of keyPath: KeyPath<Base, Value>,
        isolation: isolated any Actor = #isolation
    ) -> AsyncStream<Value> {
        propertyValues { yield in change(of: keyPath, isolation: isolation) { _, value in yield(value) } }
    }

    /// Deprecated: `values(of:isolation:)`, whose name says it is a sequence (`changes(of:)` is
    /// the change event on a `@Notifying` property).
    @available(*, deprecated, renamed: "values(of:isolation:)")
    public func changes<Value: Sendable>(
        of keyPath: KeyPath<Base, Value>,
        isolation: isolated any Actor = #isolation
    ) -> AsyncStream<Value> {
        values(of: keyPath, isolation: isolation)
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
