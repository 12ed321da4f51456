/// The namespace of OnKit's adapters for `Base`: `object.on.…`.
///
/// Adapters extend it per type, so code completion on `parser.on.` offers only a parser's
/// events:
///
/// ```swift
/// extension On where Base: Door {
///     var opened: Event<Door, Int> { self[DoorKeys.opened] }
/// }
/// ```
///
/// Their helper objects (events, delegate proxies, trampolines) are stored on the host with
/// `subscript(_:)` and live exactly as long as it does.
public struct On<Base: AnyObject> {
    /// The object whose events these are.
    public let base: Base

    /// Wraps `base`; usually reached through `base.on`.
    public init(_ base: Base) {
        self.base = base
    }

    /// The value stored on `base` for `key`; on first access the key's default, stored then.
    ///
    /// Setting `nil` on an optional key, or any value, replaces what was stored; the old value is
    /// released at once.
    public subscript<Value>(key: AssociationKey<Value>) -> Value {
        get { value(for: key, orInsert: key.makeDefault) }
        nonmutating set {
            // `nil` of an optional key removes the entry rather than storing `.some(nil)`.
            let isNil = (newValue as? any OptionalValue)?.isNil ?? false
            HostStorage.setValue(isNil ? nil : newValue, on: base, for: key)
        }
    }

    /// The value stored on `base` for `key`, or `make()`'s result, stored first.
    ///
    /// For helpers that need the host to be made (a delegate proxy that holds it weakly).
    /// `make` runs with no lock held; if two threads race, one value wins and both get it.
    public func value<Value>(for key: AssociationKey<Value>, orInsert make: () -> Value) -> Value {
        HostStorage.value(on: base, for: key, orInsert: make)
    }

    /// The value stored on `base` for `key`, without creating it.
    public func existingValue<Value>(for key: AssociationKey<Value>) -> Value? {
        HostStorage.value(on: base, for: key)
    }

    /// A `Lifetime` bound to `base`: it ends, cancelling what it holds, when `base` goes.
    ///
    /// On Apple platforms that is when `base` deallocates. On Linux it is when the side table
    /// releases the dead host's values (see `Associations.releaseValuesOfDeadHosts()`).
    ///
    /// ```swift
    /// thermostat.temperatureChanged.subscribe { _, celsius in print(celsius) }
    ///     .store(in: screen.on.lifetime)
    /// ```
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
