/// The one internal API for values stored on host objects. It picks the mechanism of the
/// platform: associated objects where the Objective-C runtime exists, the side table elsewhere.
/// Nothing else in OnKit touches either mechanism.
enum HostStorage {
    static func value(on host: AnyObject, for key: AnyObject) -> (any Sendable)? {
        #if canImport(ObjectiveC)
        RuntimeAssociations.value(on: host, for: key)
        #else
        SideTable.shared.value(on: host, for: key)
        #endif
    }

    /// Stores `value` (or removes it, when `nil`).
    static func setValue(_ value: (any Sendable)?, on host: AnyObject, for key: AnyObject) {
        #if canImport(ObjectiveC)
        RuntimeAssociations.setValue(value, on: host, for: key)
        #else
        SideTable.shared.setValue(value, on: host, for: key)
        #endif
    }

    /// The stored value, or `make()`'s result stored first. `make` runs without any lock held and
    /// may itself use host storage; if two threads race, both may make, and one value wins.
    static func value(
        on host: AnyObject,
        for key: AnyObject,
        orInsert make: () -> any Sendable
    ) -> any Sendable {
        #if canImport(ObjectiveC)
        RuntimeAssociations.value(on: host, for: key, orInsert: make)
        #else
        SideTable.shared.value(on: host, for: key, orInsert: make)
        #endif
    }
}
