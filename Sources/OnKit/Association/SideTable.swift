/// Host-bound storage without an Objective-C runtime (Linux): a table keyed by object identity.
///
/// - The host is held weakly: storing a value never keeps a host alive.
/// - An address can be reused by a new object once the old one is gone. An entry whose weak
///   host reference is `nil` belongs to a dead host, so a new object at the same address never
///   sees its values: they are dropped and the entry starts afresh.
/// - Values of dead hosts are released by a sweep of the whole table, which runs at an access
///   once there have been as many accesses since the last sweep as there are hosts in the
///   table (amortized O(1) per access; with n hosts, values of a dead host are released within
///   n accesses), or at once by `releaseValuesOfDeadHosts()`.
/// - Values are always released after the lock is released: their deinit may run user code.
final class SideTable: Sendable {
    static let shared = SideTable()

    private struct HostEntry: Sendable {
        let host: WeakIdentity
        var values: [ObjectIdentifier: any Sendable] = [:]

        init(host: AnyObject) {
            self.host = WeakIdentity(host)
        }
    }

    private struct Table {
        var hosts: [ObjectIdentifier: HostEntry] = [:]
        var accessesSinceSweep = 0

        /// Counts an access; sweeps when due. Returns the released entries.
        mutating func access() -> [HostEntry] {
            accessesSinceSweep += 1
            guard accessesSinceSweep >= hosts.count else { return [] }
            return sweep()
        }

        mutating func sweep() -> [HostEntry] {
            accessesSinceSweep = 0
            var dead: [HostEntry] = []
            for (id, entry) in hosts where !entry.host.isAlive {
                dead.append(entry)
                hosts[id] = nil
            }
            return dead
        }

        /// The live entry of `host`, if any; drops a dead one left at the same address.
        mutating func entry(of host: AnyObject, released: inout [HostEntry]) -> HostEntry? {
            let id = ObjectIdentifier(host)
            guard let entry = hosts[id] else { return nil }
            if entry.host.refers(to: host) { return entry }
            released.append(entry)
            hosts[id] = nil
            return nil
        }
    }

    private let table = Locked(Table())

    func value(on host: AnyObject, for key: AnyObject) -> (any Sendable)? {
        let (value, released) = table.withLock { table in
            var released = table.access()
            let value = table.entry(of: host, released: &released)?.values[ObjectIdentifier(key)]
            return (value, released)
        }
        withExtendedLifetime(released) {}
        return value
    }

    func setValue(_ value: (any Sendable)?, on host: AnyObject, for key: AnyObject) {
        let (released, old) = table.withLock { table in
            var released = table.access()
            var entry = table.entry(of: host, released: &released) ?? HostEntry(host: host)
            let old = entry.values.removeValue(forKey: ObjectIdentifier(key))
            if let value { entry.values[ObjectIdentifier(key)] = value }
            table.hosts[ObjectIdentifier(host)] = entry.values.isEmpty ? nil : entry
            return (released, old)
        }
        withExtendedLifetime((released, old)) {}
    }

    func value(on host: AnyObject, for key: AnyObject, orInsert make: () -> any Sendable) -> any Sendable {
        if let existing = value(on: host, for: key) { return existing }
        let made = make()  // outside the lock: it may use host storage itself
        let (winner, released) = table.withLock { table in
            var released = table.access()
            var entry = table.entry(of: host, released: &released) ?? HostEntry(host: host)
            if let existing = entry.values[ObjectIdentifier(key)] { return (existing, released) }
            entry.values[ObjectIdentifier(key)] = made
            table.hosts[ObjectIdentifier(host)] = entry
            return (made, released)
        }
        withExtendedLifetime(released) {}
        return winner
    }

    /// Sweeps now; returns how many dead hosts' values were released.
    @discardableResult
    func releaseValuesOfDeadHosts() -> Int {
        let released = table.withLock { $0.sweep() }
        return released.count
    }

    /// The number of hosts with stored values (dead ones not yet swept included).
    var hostCount: Int { table.withLock { $0.hosts.count } }
}

/// A weak reference used only to tell whether an object is alive and whether it is a given one.
struct WeakIdentity: @unchecked Sendable {
    // @unchecked is sound: the object is never used through this reference, only compared by
    // identity (`===`) and tested for nil, and weak loads and stores are atomic in the runtime.
    private weak var object: AnyObject?

    init(_ object: AnyObject) {
        self.object = object
    }

    var isAlive: Bool { object != nil }

    func refers(to other: AnyObject) -> Bool { object === other }
}
