/// The one internal API for values stored on host objects: associated objects where the
/// Objective-C runtime exists, the side table elsewhere. Nothing else touches either.
///
/// Only this API stores, always a `Value` under an `AssociationKey<Value>`, and keys never share
/// an identity; a value of another type, should one be found, reads as nothing stored.
enum HostStorage {
    /// The value stored on `host` under `key`, if any.
    static func value<Value>(on host: AnyObject, for key: AssociationKey<Value>) -> Value? {
        #if canImport(ObjectiveC)
        let stored = RuntimeAssociations.value(on: host, for: key.identity.runtimeKey)
        #else
        let stored = SideTable.shared.value(on: host, for: key.identity)
        #endif
        // Unwrapped first: for an optional `Value`, `nil as? Value` would be `.some(nil)`.
        guard let stored else { return nil }
        return stored as? Value
    }

    /// Stores `value` (removes, when `nil`); the value replaced is released with no lock held.
    static func setValue<Value>(_ value: Value?, on host: AnyObject, for key: AssociationKey<Value>) {
        #if canImport(ObjectiveC)
        RuntimeAssociations.setValue(value, on: host, for: key.identity.runtimeKey)
        #else
        SideTable.shared.setValue(value, on: host, for: key.identity)
        #endif
    }

    /// The stored value, or `make()`'s result, stored. `make` runs with no lock held and may use
    /// host storage; if two threads race, both may make, and one value wins.
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
