/// A typed key for a value stored on a host object, living as long as the host.
///
/// Keep keys in `static let`s: a key stands for one kind of value on every host, and a key made
/// anew each time finds nothing stored before it.
///
/// ```swift
/// final class Mailbox: OnCompatible, Sendable {}
///
/// enum MailboxKeys {
///     static let delivered =
///         AssociationKey<Event<Mailbox, Int>>(default: Event())
/// }
///
/// extension On where Base: Mailbox {
///     /// Made on first use, and lives as long as the mailbox.
///     var delivered: Event<Mailbox, Int> { self[MailboxKeys.delivered] }
/// }
/// ```
///
/// A key's identity is never shared or reused, even after it is released: a later key never
/// reads an earlier one's values. Values under a released key can no longer be read; they are
/// released with their host (Apple platforms) or by the side table (Linux, see
/// `Associations.releaseValuesOfDeadHosts()`).
public final class AssociationKey<Value: Sendable>: Sendable {
    let makeDefault: @Sendable () -> Value
    /// What host storage knows this key by; see `AssociationKeyIdentity`.
    let identity = AssociationKeyIdentity()
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
