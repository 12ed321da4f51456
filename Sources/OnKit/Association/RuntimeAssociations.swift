#if canImport(ObjectiveC)
import ObjectiveC

/// Host-bound storage through the Objective-C runtime's associated objects: the only file that
/// calls it. Values are released by the runtime when the host deallocates.
///
/// Not compiled on Linux (no Objective-C runtime); the side table serves there.
enum RuntimeAssociations {
    /// Serializes get-or-insert; plain reads and writes are atomic in the runtime already.
    private static let insertion = Locked(())

    /// The key's address: keys are objects kept alive in `static let`s, so it is stable.
    private static func address(of key: AnyObject) -> UnsafeRawPointer {
        UnsafeRawPointer(Unmanaged.passUnretained(key).toOpaque())
    }

    static func value(on host: AnyObject, for key: AnyObject) -> (any Sendable)? {
        (objc_getAssociatedObject(host, address(of: key)) as? AssociationBox)?.value
    }

    static func setValue(_ value: (any Sendable)?, on host: AnyObject, for key: AnyObject) {
        objc_setAssociatedObject(
            host, address(of: key), value.map(AssociationBox.init), .OBJC_ASSOCIATION_RETAIN
        )
    }

    static func value(on host: AnyObject, for key: AnyObject, orInsert make: () -> any Sendable) -> any Sendable {
        if let existing = value(on: host, for: key) { return existing }
        let made = make()  // outside the lock: it may use host storage itself
        return insertion.withLock { _ in
            if let existing = value(on: host, for: key) { return existing }
            setValue(made, on: host, for: key)
            return made
        }
    }
}

/// Boxes any Swift value for the runtime, which stores objects.
private final class AssociationBox: Sendable {
    let value: any Sendable
    init(_ value: any Sendable) { self.value = value }
}
#endif
