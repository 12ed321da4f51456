/// Values by key path, for many threads, that never hashes or compares a key path under its lock.
///
/// A key path with a subscript index hashes and compares that index with the index type's own
/// `hash(into:)` and `==`: user code, which may do anything, re-entering OnKit included (under a
/// lock: a hang in release builds). So a key path is hashed before locking, the lock only copies
/// the table out or swaps a new one in, and the comparing is done on the copy, unlocked. A write
/// is built on the copy and swapped in only if nobody wrote meanwhile (else it starts again), and
/// the table it replaced is released after unlocking, with whatever it held.
///
/// Writes are rare (the first subscription to a property) and copy the table; reads copy nothing
/// but one bucket's reference.
final class KeyPathTable<Value: Sendable>: Sendable {
    private let state = Locked(Table())

    init() {}

    /// The value stored under `keyPath`, if any.
    func value(for keyPath: AnyKeyPath) -> Value? {
        let hash = keyPath.hashValue
        let bucket = state.withLock { $0.buckets[hash] }
        return bucket?.first { $0.keyPath == keyPath }?.value
    }

    /// What `reuse` makes of the value stored under `keyPath`; if it makes nothing (none is
    /// stored, or it is gone), what `make` returns, with its value stored in that place. Entries
    /// that `isGone` says are gone are dropped on the way.
    func value<Found>(
        for keyPath: AnyKeyPath,
        reuse: (Value) -> Found?,
        make: () -> (Value, Found),
        isGone: (Value) -> Bool = { _ in false }
    ) -> Found {
        let hash = keyPath.hashValue
        while true {
            let seen = state.withLock { $0 }
            if let entry = seen.buckets[hash]?.first(where: { $0.keyPath == keyPath }), let found = reuse(entry.value) {
                return found
            }
            var buckets = seen.buckets.compactMapValues { bucket -> [Entry]? in
                let kept = bucket.filter { !isGone($0.value) }
                return kept.isEmpty ? nil : kept
            }
            buckets[hash]?.removeAll { $0.keyPath == keyPath }
            let (value, found) = make()
            buckets[hash, default: []].append(Entry(keyPath: keyPath, value: value))
            let replaced = state.withLock { state -> Table? in
                guard state.version == seen.version else { return nil }
                defer { state = Table(version: seen.version &+ 1, buckets: buckets) }
                return state
            }
            if replaced != nil { return found }  // the old table is released here, unlocked
        }
    }

    /// The table as the lock guards it: the buckets by key-path hash, and a count of writes.
    private struct Table: @unchecked Sendable {
        // @unchecked is sound: `Entry`'s key paths are immutable values, only hashed and compared
        // outside the lock; the values are `Sendable`.
        var version = 0
        var buckets: [Int: [Entry]] = [:]
    }

    private struct Entry {
        let keyPath: AnyKeyPath
        let value: Value
    }
}
