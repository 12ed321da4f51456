/// The change events of one object, one `Event` per property, created when first subscribed.
///
/// Each `PropertyChangeNotifying` object keeps one (`let propertyChanges = PropertyChanges()`).
/// `@Notifying` properties send through it; send yourself for a property you update by hand:
///
/// ```swift
/// final class Radiator: PropertyChangeNotifying {
///     let propertyChanges = PropertyChanges()
///     var celsius = 20.0 {
///         didSet {
///             propertyChanges.send(
///                 self, \.celsius, old: oldValue, new: celsius
///             )
///         }
///     }
/// }
/// ```
///
/// A stored property, not host-bound storage: every set looks its event up, and on Linux that
/// would be the process-wide side table; this costs a per-object lock and a lookup.
public final class PropertyChanges: Sendable {
    /// Each an `Event<Model, PropertyChange<Value>>` for its key path's `Model` and `Value`
    /// (a `KeyPathTable`: a key path's subscript index is hashed and compared with no lock held).
    private let events = KeyPathTable<any Sendable>()

    /// Creates a store with no events: `let propertyChanges = PropertyChanges()`.
    public init() {}

    /// Sends the change of `keyPath` from `old` to `new` to its handlers, now, on this thread (in
    /// a `didSet`, as in the type's example).
    ///
    /// Sends even when `old == new` (`@Notifying` skips equal values); nothing if no one subscribed.
    public func send<Model, Value>(_ model: Model, _ keyPath: KeyPath<Model, Value>, old: Value, new: Value) {
        existingEvent(for: keyPath)?.send(model, PropertyChange(old: old, new: new))
    }

    /// Whether any handler is registered for `keyPath`: lets a sender skip costly work:
    /// `if propertyChanges.hasSubscribers(for: \Document.text) { /* compute a diff, then send */ }`.
    public func hasSubscribers<Model, Value>(for keyPath: KeyPath<Model, Value>) -> Bool {
        (existingEvent(for: keyPath)?.subscriberCount ?? 0) > 0
    }

    /// The event of `keyPath`, created on first use.
    func event<Model, Value>(for keyPath: KeyPath<Model, Value>) -> Event<Model, PropertyChange<Value>> {
        // Equal key paths have equal types (`Model`, `Value`), so the cast finds what was stored.
        events.value(for: keyPath, reuse: { $0 as? Event<Model, PropertyChange<Value>> }) {
            let made = Event<Model, PropertyChange<Value>>()
            return (made, made)
        }
    }

    /// The event of `keyPath` if someone subscribed to it, without creating it.
    func existingEvent<Model, Value>(for keyPath: KeyPath<Model, Value>) -> Event<Model, PropertyChange<Value>>? {
        events.value(for: keyPath) as? Event<Model, PropertyChange<Value>>
    }
}
