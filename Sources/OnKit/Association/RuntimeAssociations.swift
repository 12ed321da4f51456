#if canImport(ObjectiveC)
import ObjectiveC

/// Host-bound storage through the Objective-C runtime's associated objects (the only file that
/// calls it); the runtime releases values when the host deallocates.
///
/// The runtime tells keys apart by address, so each key gets a byte that is never freed: an
/// address no other key, of any code, ever has (one byte a key ever made). Values under a
/// released key stay until their hosts deallocate: the runtime cannot list those hosts.
enum RuntimeAssociations {
    /// A key for the runtime's associated objects: an address that no other key ever has.
    struct Key: @unchecked Sendable {
        // @unchecked is sound: the pointer is immutable and never dereferenced; the runtime only
        // compares it with other keys.
        fileprivate let address: UnsafeRawPointer
    }

    /// Serializes get-or-insert; plain reads and writes are atomic in the runtime already.
    private static let insertion = Locked(())

    /// Where new keys' addresses come from.
    private static let keyAddresses = Locked(KeyAddresses())

    /// A key that no other key, now or later, shares.
    static func makeKey() -> Key {
        keyAddresses.withLock { Key(address: $0.next()) }
    }

    static func value(on host: AnyObject, for key: Key) -> (any Sendable)? {
        (objc_getAssociatedObject(host, key.address) as? AssociationBox)?.value
    }

    /// Stores `value`; the value it replaces is released after unlocking. Under the insertion
    /// lock, so that `value(on:for:orInsert:)`'s replacement never releases a value set here a
    /// moment before inside that lock (its deinit may run any code).
    static func setValue(_ value: (any Sendable)?, on host: AnyObject, for key: Key) {
        let replaced = insertion.withLock { _ in
            let replaced = Self.value(on: host, for: key)
            store(value, on: host, for: key)
            return replaced
        }
        withExtendedLifetime(replaced) {}
    }

    /// Stores `value` (lock held by the caller; the replaced box is OnKit's own, its value still
    /// held by the caller).
    private static func store(_ value: (any Sendable)?, on host: AnyObject, for key: Key) {
        objc_setAssociatedObject(host, key.address, value.map(AssociationBox.init), .OBJC_ASSOCIATION_RETAIN)
    }

    /// The stored value if it is a `Value` (always, see `HostStorage`), or else `make()`'s, stored.
    static func value<Value: Sendable>(on host: AnyObject, for key: Key, orInsert make: () -> Value) -> Value {
        if let stored = value(on: host, for: key), let existing = stored as? Value { return existing }
        let made = make()  // outside the lock: it may use host storage itself
        let (winner, displaced) = insertion.withLock { _ -> (Value, (any Sendable)?) in
            let stored = value(on: host, for: key)
            if let stored, let existing = stored as? Value { return (existing, nil) }
            store(made, on: host, for: key)
            return (made, stored)
        }
        // A displaced value is released here, outside the lock: its deinit may run user code.
        withExtendedLifetime(displaced) {}
        return winner
    }
}

/// Hands out addresses of bytes that are never freed, one a key.
private struct KeyAddresses {
    /// How many keys' addresses one allocation serves.
    private static let blockSize = 4096
    private var block: UnsafeMutableRawPointer?
    private var used = 0

    mutating func next() -> UnsafeRawPointer {
        if let block, used < Self.blockSize {
            defer { used += 1 }
            return UnsafeRawPointer(block + used)
        }
        // Never deallocated, on purpose: see `RuntimeAssociations`.
        let block = UnsafeMutableRawPointer.allocate(byteCount: Self.blockSize, alignment: 1)
        self.block = block
        used = 1
        return UnsafeRawPointer(block)
    }
}

/// Boxes any Swift value for the runtime, which stores objects.
private final class AssociationBox: Sendable {
    let value: any Sendable
    init(_ value: any Sendable) { self.value = value }
}
#endif
