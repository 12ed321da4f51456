/// The one internal API for values stored on host objects. It picks the mechanism of the
/// platform: associated objects where the Objective-C runtime exists, the side table elsewhere.
/// Nothing else in OnKit touches either mechanism.
///
/// Typed: a value is read back as its key's `Value`. Only this API stores, always a `Value`
/// under an `AssociationKey<Value>`, and no two keys share an identity, so a stored value of
/// another type cannot occur; should one ever be found, it reads as nothing stored (and is
/// replaced by the get-or-insert) rather than crashing.
enum HostStorage {
    /// The value stored on `host` under `key`, if any.
    static func value<Value>(on host: AnyObject, for key: AssociationKey<Value>) -> Value? {
        #if canImport(ObjectiveC)
        let stored = RuntimeAssociations.value(on: host, for: key.identity.runtimeKey)
        #else
        let stored = SideTable.shared.value(on: host, for: key.identity)
        #endif
        // Unwrapped before the cast: `nil as? Value` would succeed as `.some(nil)` for an
        // optional `Value`.
        guard let stored else { return nil }
        return stored as? Value
    }

    /// Stores `value` (or removes the stored one, when `nil`). The value replaced is released
    /// before this returns, with no lock held.
    static func setValue<Value>(_ value: Value?, on host: AnyObject, for key: AssociationKey<Value>) {
        #if canImport(ObjectiveC)
        RuntimeAssociations.setValue(value, on: host, for: key.identity.runtimeKey)
        #else
        SideTable.shared.setValue(value, on: host, for: key.identity)
        #endif
    }

    /// The stored value, or `make()`'s result stored first. `make` runs without any lock held and
    /// may itself use host storage; if two threads race, both may make, and one value wins.
    static func value<Value>(
        on host: AnyObject,
        for key: AssociationKey<Value>,
        orInsert make: () -> Value
    ) -> Value {
        #if canImport(ObjectiveC)
        RuntimeAssociations.value(on: host, for: key.identity.runtimeKey, orInsert: make)
        #else
        SideTable.shared.value(on: host, for: key.identity, orInsert: make)
        #endif
    }
}
