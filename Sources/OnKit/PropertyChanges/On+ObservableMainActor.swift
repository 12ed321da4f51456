import Observation

// The `@MainActor` forms of `change(of:)` for an `@Observable` model marked `MainActorBound`.
//
// Which isolation a handler gets is picked by the marker, as for every source: no generic
// constraint can see `@MainActor` on the model itself, so an unmarked model's handlers are
// `@Sendable` and run on the subscriber's isolation (`On+Observable.swift`, whose forms are
// `@_disfavoredOverload` so that these win where both apply). A marked model lives on the main
// actor, so its changes are read there and its handlers run there, whoever subscribes.

extension On where Base: Observable & Sendable & MainActorBound {
    /// Calls `handler` on the main actor with the model and the new value after every change of
    /// `keyPath`, whatever the caller's isolation; the handler may touch main-actor state:
    ///
    /// ```swift
    /// @MainActor @Observable
    /// final class Thermostat: OnCompatible, MainActorBound {
    ///     var temperature = 20.0
    ///     var mode = "heating"
    /// }
    ///
    /// thermostat.on.change(of: \.temperature) { thermostat, t in
    ///     if t > 22 { thermostat.mode = "cooling" }
    /// }
    /// ```
    ///
    /// Otherwise as `change(of:isolation:_:)` (delivery after the changing job, bursts, lifetime).
    /// Subscribed on the main actor, every later change is seen; subscribed anywhere else,
    /// tracking starts with a main-actor job, so changes made before that job runs are not.
    @discardableResult
    public func change<Value: Sendable>(
        of keyPath: KeyPath<Base, Value>,
        _ handler: @escaping @MainActor @Sendable (Base, Value) -> Void
    ) -> EventSubscription {
        startMainActorLoop(keyPath) { model, value in
            handler(model, value)
            return true
        }
    }

    /// Calls `handler` on the main actor with the new value after every change of `keyPath`
    /// (see `change(of:_:)`): `thermostat.on.change(of: \.mode) { mode in label.text = mode }`.
    @discardableResult
    public func change<Value: Sendable>(
        of keyPath: KeyPath<Base, Value>,
        _ handler: @escaping @MainActor @Sendable (Value) -> Void
    ) -> EventSubscription {
        change(of: keyPath) { @MainActor _, value in handler(value) }
    }

    /// Calls `handler` on the main actor after every change of `keyPath` (see `change(of:_:)`):
    /// `thermostat.on.change(of: \.mode) { refresh() }`.
    @discardableResult
    public func change<Value: Sendable>(
        of keyPath: KeyPath<Base, Value>,
        _ handler: @escaping @MainActor @Sendable () -> Void
    ) -> EventSubscription {
        change(of: keyPath) { @MainActor (_: Base, _: Value) in handler() }
    }

    /// Calls `handler` on the main actor after every change of `keyPath` while `owner` (held
    /// weakly, handed back) lives; released at the next change after it is gone (see
    /// `change(of:_:)`):
    /// `thermostat.on.change(of: \.mode, owner: screen) { screen, _, mode in screen.show(mode) }`.
    @discardableResult
    public func change<Value: Sendable, Owner: AnyObject & Sendable>(
        of keyPath: KeyPath<Base, Value>,
        owner: Owner,
        _ handler: @escaping @MainActor @Sendable (Owner, Base, Value) -> Void
    ) -> EventSubscription {
        startMainActorLoop(keyPath) { [weak owner] model, value in
            guard let owner else { return false }
            handler(owner, model, value)
            return true
        }
    }

    /// Calls `handler` on the main actor with the owner and the new value after every change of
    /// `keyPath` while `owner` lives (see `change(of:owner:_:)`):
    /// `thermostat.on.change(of: \.mode, owner: screen) { screen, mode in screen.show(mode) }`.
    @discardableResult
    public func change<Value: Sendable, Owner: AnyObject & Sendable>(
        of keyPath: KeyPath<Base, Value>,
        owner: Owner,
        _ handler: @escaping @MainActor @Sendable (Owner, Value) -> Void
    ) -> EventSubscription {
        change(of: keyPath, owner: owner) { @MainActor owner, _, value in handler(owner, value) }
    }

    /// Calls `handler` on the main actor with the owner after every change of `keyPath` while
    /// `owner` lives (see `change(of:owner:_:)`):
    /// `thermostat.on.change(of: \.mode, owner: screen) { screen in screen.refresh() }`.
    @discardableResult
    public func change<Value: Sendable, Owner: AnyObject & Sendable>(
        of keyPath: KeyPath<Base, Value>,
        owner: Owner,
        _ handler: @escaping @MainActor @Sendable (Owner) -> Void
    ) -> EventSubscription {
        change(of: keyPath, owner: owner) { @MainActor (owner: Owner, _: Base, _: Value) in handler(owner) }
    }

    /// Starts delivering to `handler` on the main actor; it returns false to end the subscription.
    func startMainActorLoop<Value: Sendable>(
        _ keyPath: KeyPath<Base, Value>,
        _ handler: @escaping @MainActor @Sendable (Base, Value) -> Bool
    ) -> EventSubscription {
        let loop = self[ObservationLoops.key].loop(of: base, keyPath)
        return loop.subscribeOnMainActor { model, value in
            // Sound: the loop delivers a main-actor subscriber's changes only in a job on
            // `MainActor.shared` (its `deliver(on:)`), so this runs on the main actor.
            MainActor.assumeIsolated { handler(model, value) }
        }
    }
}
