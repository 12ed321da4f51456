/// An object's callbacks, under its `on` property: `parser.on.didStartElement`.
///
/// Adapters extend it per type, so completion on `parser.on.` offers only a parser's events:
///
/// ```swift
/// extension On where Base: Mailbox {
///     /// Made on first use, and lives as long as the mailbox.
///     var delivered: Event<Mailbox, Int> { self[MailboxKeys.delivered] }
/// }
///
/// mailbox.on.delivered { letters in print("\(letters) letters") }
/// ```
///
/// `MailboxKeys` holds the key (`static let delivered = AssociationKey<Event<Mailbox, Int>>(default:
/// Event())`), as ``AssociationKey``'s example shows. Adapters store their helpers (events,
/// delegate proxies) on the host with `subscript(_:)`, living as long as it does.
public struct On<Base: AnyObject> {
    /// The object whose events these are.
    public let base: Base

    /// Wraps `base`; usually reached through `base.on`.
    public init(_ base: Base) { self.base = base }

    /// The value stored on `base` for `key`; on first access the key's default, stored then.
    /// Setting replaces it (`nil` removes it), releasing the old value at once.
    public subscript<Value>(key: AssociationKey<Value>) -> Value {
        get { value(for: key, orInsert: key.makeDefault) }
        nonmutating set {
            // `nil` of an optional key removes the entry rather than storing `.some(nil)`.
            let isNil = (newValue as? any OptionalValue)?.isNil ?? false
            HostStorage.setValue(isNil ? nil : newValue, on: base, for: key)
        }
    }

    /// The value stored on `base` for `key`, or `make()`'s result, stored first: for helpers made
    /// with the host (a delegate proxy). `make` runs unlocked; if two threads race, one value wins.
    public func value<Value>(for key: AssociationKey<Value>, orInsert make: () -> Value) -> Value {
        HostStorage.value(on: base, for: key, orInsert: make)
    }

    /// The value stored on `base` for `key`, without creating it.
    public func existingValue<Value>(for key: AssociationKey<Value>) -> Value? {
        HostStorage.value(on: base, for: key)
    }

    /// A `Lifetime` bound to `base`: it ends, cancelling what it holds, when `base` deallocates
    /// (on Linux, when the side table releases its values: `Associations.releaseValuesOfDeadHosts()`):
    /// `thermostat.temperatureChanged { celsius in print(celsius) }.store(in: screen.on.lifetime)`.
    public var lifetime: Lifetime { self[LifetimeKey.key] }
}

private enum LifetimeKey {
    static let key = AssociationKey<Lifetime>("lifetime", default: Lifetime())
}

/// Lets generic code tell whether a value is an optional that is `nil`.
private protocol OptionalValue {
    var isNil: Bool { get }
}

extension Optional: OptionalValue {
    var isNil: Bool { self == nil }
}
