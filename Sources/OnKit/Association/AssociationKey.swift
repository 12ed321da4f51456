/// A typed key for a value stored on a host object, living as long as the host.
///
/// Keep keys in `static let`s: a key is identified by the object itself.
///
/// ```swift
/// extension On where Base: Door {
///     var opened: Event<Door, Int> { self[Keys.opened] }   // created on first use
/// }
/// private enum Keys {
///     static let opened = AssociationKey<Event<Door, Int>>(default: Event())
/// }
/// ```
public final class AssociationKey<Value: Sendable>: Sendable {
    let makeDefault: @Sendable () -> Value
    /// A name for diagnostics.
    public let name: String

    /// Creates a key whose value, when none is stored yet, is `default` — evaluated anew for
    /// each host, and stored on it.
    public init(_ name: String = "", default: @autoclosure @escaping @Sendable () -> Value) {
        self.name = name
        makeDefault = `default`
    }
}

extension AssociationKey where Value: ExpressibleByNilLiteral {
    /// Creates a key for an optional value that is `nil` until set.
    public convenience init(_ name: String = "") {
        self.init(name, default: nil)
    }
}
