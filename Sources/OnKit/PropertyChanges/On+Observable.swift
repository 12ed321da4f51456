import Observation

extension On where Base: Observable & Sendable {
    /// Calls `handler` with the new value after the property at `keyPath` changes, for every
    /// change until cancelled or until the model is gone.
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

    /// Calls `handler` after every change of `keyPath` while `owner` (held weakly, handed back)
    /// lives; released at the next change after it is gone. Otherwise as `change(of:isolation:_:)`:
    /// `author.on.change(of: \.name, owner: screen) { screen, author, name in screen.show(name) }`.
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

    /// The new values of `keyPath`, as `change(of:isolation:_:)` delivers them, as an `AsyncStream`.
    ///
    /// Tracking starts when this returns (changes before the first await are not lost);
    /// buffering is unbounded. Ending the loop or its task ends the subscription; the stream
    /// finishes when the model is deallocated.
    ///
    /// ```swift
    /// let names = author.on.changes(of: \.name)
    /// author.name = "Ada"
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
