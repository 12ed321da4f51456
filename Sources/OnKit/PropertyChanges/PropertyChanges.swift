/// The change events of one object, one `Event` per property, created when first subscribed.
///
/// Each `PropertyChangeNotifying` object keeps one (`let propertyChanges = PropertyChanges()`).
/// `@Notifying` properties send through it; send yourself for a property you update by hand:
///
/// ```swift
/// final class Thermostat: PropertyChangeNotifying {
///     let propertyChanges = PropertyChanges()
///     var celsius = 20.0 {
///         didSet { propertyChanges.send(self, \.celsius, old: oldValue, new: celsius) }
///     }
/// }
/// ```
///
/// Why a stored property rather than host-bound storage (`on[key]`): every set of a published
/// property looks its event up, and on Linux host-bound storage is one process-wide table
/// behind one lock; a store per object keeps a set to a per-object lock and a dictionary
/// lookup, and to nothing more when no one ever subscribed.
public final class PropertyChanges: Sendable {
    /// The events by the key path they publish; each is an `Event<Model, PropertyChange<Value>>`
    /// for the key path's `Model` and `Value`.
    private let events = Locked<[KeyPathKey: any Sendable]>([:])

    /// Creates a store with no events: `let propertyChanges = PropertyChanges()`.
    public init() {}

    /// Sends the change of `keyPath` from `old` to `new` to its handlers, now, on this thread.
    ///
    /// ```swift
    /// var celsius = 20.0 {
    ///     didSet { propertyChanges.send(self, \.celsius, old: oldValue, new: celsius) }
    /// }
    /// ```
    ///
    /// Sends even when `old` and `new` are equal: skipping equal values is the caller's choice
    /// (`@Notifying` skips them for `Equatable` values). Does nothing when no one subscribed.
    public func send<Model, Value>(_ model: Model, _ keyPath: KeyPath<Model, Value>, old: Value, new: Value) {
        existingEvent(for: keyPath)?.send(model, PropertyChange(old: old, new: new))
    }

    /// Whether any handler is registered for `keyPath`: lets a sender skip costly work.
    ///
    /// ```swift
    /// if propertyChanges.hasSubscribers(for: \Document.text) { /* compute a diff, then send */ }
    /// ```
    public func hasSubscribers<Model, Value>(for keyPath: KeyPath<Model, Value>) -> Bool {
        (existingEvent(for: keyPath)?.subscriberCount ?? 0) > 0
    }

    /// The event of `keyPath`, created on first use.
    func event<Model, Value>(for keyPath: KeyPath<Model, Value>) -> Event<Model, PropertyChange<Value>> {
        let key = KeyPathKey(keyPath)
        let stored = events.withLock { events in
            if let existing = events[key] { return existing }
            let made = Event<Model, PropertyChange<Value>>()
            events[key] = made
            return made
        }
        // Sound: only this method stores under `keyPath`, and a key path's type fixes its `Model`
        // and `Value` (equal key paths have equal types), so the stored event is of this type.
        return stored as! Event<Model, PropertyChange<Value>>
    }

    /// The event of `keyPath` if someone subscribed to it, without creating it.
    func existingEvent<Model, Value>(for keyPath: KeyPath<Model, Value>) -> Event<Model, PropertyChange<Value>>? {
        // Sound: see `event(for:)`.
        let key = KeyPathKey(keyPath)
        return events.withLock { $0[key] }.map { $0 as! Event<Model, PropertyChange<Value>> }
    }
}

/// A key path as a dictionary key that may cross threads.
struct KeyPathKey: Hashable, @unchecked Sendable {
    // @unchecked is sound: a key path object is immutable once made, and `==` and `hash(into:)`
    // only read it; it is never applied to anything through this key.
    let keyPath: AnyKeyPath

    init(_ keyPath: AnyKeyPath) {
        self.keyPath = keyPath
    }
}
