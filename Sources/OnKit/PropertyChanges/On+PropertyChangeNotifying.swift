extension On where Base: PropertyChangeNotifying {
    /// The change event of `keyPath`: every change, with the old and the new value, sent as
    /// `Event.send` does, on the setting thread after the store. Handlers live until cancelled or
    /// until the object goes (they are kept in its `propertyChanges`), and get the object.
    ///
    /// ```swift
    /// let balance = account.on.change(of: \.balance)
    /// balance.subscribe(owner: screen) { screen, change in
    ///     screen.show(change.new)
    /// }
    /// for await change in balance.values { print(change.new) }
    /// ```
    public func change<Value>(of keyPath: KeyPath<Base, Value>) -> ReadOnlyEvent<Base, PropertyChange<Value>> {
        base.propertyChanges.event(for: keyPath).readOnly
    }

    /// Deprecated: `change(of:)`, the event (`changes(of:)` is the sequence of values on an
    /// `@Observable` model, now `values(of:)`).
    @available(*, deprecated, renamed: "change(of:)")
    public func changes<Value>(of keyPath: KeyPath<Base, Value>) -> ReadOnlyEvent<Base, PropertyChange<Value>> {
        change(of: keyPath)
    }

    // The closure shapes of `change(of:)`, one overload each: a trailing closure on a method call
    // never reaches `callAsFunction` on the event it returns. `@_disfavoredOverload`: on a model
    // marked `MainActorBound`, the `@MainActor` forms below must win, as `Subscribable`'s do.

    /// Calls `handler` with the object and the change after every change of `keyPath`:
    /// `change(of: keyPath).subscribe(handler)` (example: ``PropertyChangeNotifying``).
    @discardableResult @_disfavoredOverload
    public func change<Value>(
        of keyPath: KeyPath<Base, Value>,
        _ handler: @escaping @Sendable (Base, PropertyChange<Value>) -> Void
    ) -> EventSubscription {
        change(of: keyPath).subscribe(handler)
    }

    /// Calls `handler` with the change (old and new value) after every change of `keyPath`:
    /// `account.on.change(of: \.balance) { change in print(change.old, "→", change.new) }`.
    @discardableResult @_disfavoredOverload
    public func change<Value>(
        of keyPath: KeyPath<Base, Value>,
        _ handler: @escaping @Sendable (PropertyChange<Value>) -> Void
    ) -> EventSubscription {
        change(of: keyPath, ignoringSender(handler))
    }

    /// Calls `handler` after every change of `keyPath`:
    /// `account.on.change(of: \.balance) { print("balance changed") }`.
    @discardableResult @_disfavoredOverload
    public func change<Value>(
        of keyPath: KeyPath<Base, Value>,
        _ handler: @escaping @Sendable () -> Void
    ) -> EventSubscription {
        change(of: keyPath, ignoringParameters(handler))
    }

    /// The new values of `keyPath`, one per change, as an `AsyncSequence`; for the old values
    /// too, iterate `change(of: keyPath).values`. The subscription is made now, buffering is
    /// unbounded, and ending the loop or its task ends it:
    /// `for await balance in account.on.values(of: \.balance) { print(balance) }`.
    public func values<Value: Sendable>(of keyPath: KeyPath<Base, Value>) -> AsyncStream<Value> {
        propertyValues { yield in change(of: keyPath, ignoringSender { change in yield(change.new) }) }
    }
}

/// The `@MainActor` forms of `change(of:)` for a `PropertyChangeNotifying` model marked
/// ``MainActorBound``: its properties are set on the main actor, which sends the change there,
/// so the handlers may touch main-actor state (the marker picks the isolation, as for every
/// source). A change sent anywhere else stops the program with OnKit's message (<doc:Semantics>).
extension On where Base: PropertyChangeNotifying & MainActorBound {
    /// Calls `handler` on the main actor with the model and the change after every change of
    /// `keyPath`: `change(of: keyPath).subscribe(handler)`.
    @discardableResult
    public func change<Value>(
        of keyPath: KeyPath<Base, Value>,
        _ handler: @escaping @MainActor @Sendable (Base, PropertyChange<Value>) -> Void
    ) -> EventSubscription {
        change(of: keyPath).subscribe(handler)
    }

    /// Calls `handler` on the main actor with the change after every change of `keyPath`.
    @discardableResult
    public func change<Value>(
        of keyPath: KeyPath<Base, Value>,
        _ handler: @escaping @MainActor @Sendable (PropertyChange<Value>) -> Void
    ) -> EventSubscription {
        change(of: keyPath).subscribe(handler)
    }

    /// Calls `handler` on the main actor after every change of `keyPath`.
    @discardableResult
    public func change<Value>(
        of keyPath: KeyPath<Base, Value>,
        _ handler: @escaping @MainActor @Sendable () -> Void
    ) -> EventSubscription {
        change(of: keyPath).subscribe(handler)
    }
}

/// `{ value in }` guessed for a `@Notifying` property, whose one-parameter handler gets the change.
extension On where Base: PropertyChangeNotifying {
    /// Unavailable: one parameter is the change (`change.old`, `change.new`), not the value.
    @available(*, unavailable, message: "a @Notifying property's handler gets the change, not the value: { change in change.new }; two parameters are the model and the change: { model, change in }")
    @discardableResult
    public func change<Value>(
        of keyPath: KeyPath<Base, Value>,
        _ handler: @escaping (Value) -> Void
    ) -> EventSubscription {
        fatalError("unavailable")
    }
}
