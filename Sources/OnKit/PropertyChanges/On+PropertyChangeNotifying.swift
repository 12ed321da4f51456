extension On where Base: PropertyChangeNotifying {
    /// The change event of `keyPath`: every change, with the old and the new value, sent as
    /// `Event.send` does, on the setting thread after the store. Handlers live until cancelled or
    /// until the object goes (they are kept in its `propertyChanges`), and get the object.
    ///
    /// ```swift
    /// let balance = account.on.changes(of: \.balance)
    /// balance.subscribe(owner: screen) { screen, change in
    ///     screen.show(change.new)
    /// }
    /// for await change in balance.values { print(change.new) }
    /// ```
    public func changes<Value>(of keyPath: KeyPath<Base, Value>) -> ReadOnlyEvent<Base, PropertyChange<Value>> {
        base.propertyChanges.event(for: keyPath).readOnly
    }

    /// Calls `handler` with the old and the new value after every change of `keyPath`:
    /// `changes(of: keyPath).subscribe(handler)` (example: ``PropertyChangeNotifying``).
    @discardableResult
    public func change<Value>(
        of keyPath: KeyPath<Base, Value>,
        _ handler: @escaping @Sendable (Base, PropertyChange<Value>) -> Void
    ) -> EventSubscription {
        changes(of: keyPath).subscribe(handler)
    }
}
