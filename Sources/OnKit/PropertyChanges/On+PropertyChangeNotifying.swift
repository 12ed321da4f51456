extension On where Base: PropertyChangeNotifying {
    /// Calls `handler` with the old and the new value after every change of `keyPath`.
    ///
    /// Runs synchronously on the thread that sets the property, after the value is stored, with
    /// the semantics of `Event.send`. The handler lives until cancelled or until the object is
    /// deallocated (it is stored in the object's `propertyChanges`); the subscription never
    /// keeps the object alive, and the handler gets the object, so it need not capture it.
    ///
    /// ```swift
    /// account.on.change(of: \.balance) { account, change in
    ///     print("\(change.old) → \(change.new)")
    /// }
    /// ```
    @discardableResult
    public func change<Value>(
        of keyPath: KeyPath<Base, Value>,
        _ handler: @escaping @Sendable (Base, PropertyChange<Value>) -> Void
    ) -> Subscription {
        base.propertyChanges.event(for: keyPath).subscribe(handler)
    }

    /// Calls `handler` after every change of `keyPath` while `owner` lives; `owner` is held
    /// weakly and handed back. See `Event.subscribe(owner:_:)`.
    ///
    /// ```swift
    /// account.on.change(of: \.balance, owner: screen) { screen, account, change in
    ///     screen.show(change.new)
    /// }
    /// ```
    @discardableResult
    public func change<Value, Owner: AnyObject & Sendable>(
        of keyPath: KeyPath<Base, Value>,
        owner: Owner,
        _ handler: @escaping @Sendable (Owner, Base, PropertyChange<Value>) -> Void
    ) -> Subscription {
        base.propertyChanges.event(for: keyPath).subscribe(owner: owner, handler)
    }

    /// The change event of `keyPath` itself, for everything an event offers: `once`, `+=`,
    /// `values` (an `AsyncStream` of the changes), `subscriberCount`.
    ///
    /// ```swift
    /// for await change in account.on.changes(of: \.balance).values { print(change.new) }
    /// ```
    public func changes<Value>(of keyPath: KeyPath<Base, Value>) -> ReadOnlyEvent<Base, PropertyChange<Value>> {
        base.propertyChanges.event(for: keyPath).readOnly
    }
}
