/// Publishes every change of a property of a `PropertyChangeNotifying` class, with the old and
/// the new value (example: ``PropertyChangeNotifying``).
///
/// A set stores the value, then sends `PropertyChange(old:new:)` synchronously on the setting
/// thread (see `Event.send`); an equal `Equatable` value is stored and sends nothing.
///
/// Classes only (it needs the enclosing-instance subscript). Like any stored property, access
/// from several threads needs the class's own synchronization; the sending is thread-safe.
@propertyWrapper
public struct Notifying<Value> {
    private var value: Value
    /// For `Equatable` values: whether a set changes nothing and sends nothing.
    private let isSame: ((Value, Value) -> Bool)?

    /// A property that publishes every set, equal values included: `@Notifying var tags = Tags()`
    /// where `Tags` is not `Equatable`.
    public init(wrappedValue: Value) {
        value = wrappedValue
        isSame = nil
    }

    /// A property that publishes every set to a value different from the current one:
    /// `@Notifying var balance = 0`.
    public init(wrappedValue: Value) where Value: Equatable {
        value = wrappedValue
        isSame = { $0 == $1 }
    }

    /// Unavailable: `@Notifying` needs its enclosing object, so works only in classes.
    @available(*, unavailable, message: "@Notifying works only on properties of a PropertyChangeNotifying class")
    public var wrappedValue: Value {
        get { value }
        set { value = newValue }
    }

    /// The property as its class sees it: stores, then publishes the change (called by Swift).
    public static subscript<Model: PropertyChangeNotifying>(
        _enclosingInstance model: Model,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Model, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Model, Self>
    ) -> Value {
        get { model[keyPath: storageKeyPath].value }
        set {
            let old = model[keyPath: storageKeyPath].value
            model[keyPath: storageKeyPath].value = newValue
            if let isSame = model[keyPath: storageKeyPath].isSame, isSame(old, newValue) { return }
            model.propertyChanges.send(model, wrappedKeyPath, old: old, new: newValue)
        }
    }
}
