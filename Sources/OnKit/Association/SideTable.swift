/// Host-bound storage without an Objective-C runtime (Linux): a table keyed by object identity.
///
/// - The host is held weakly: storing a value never keeps a host alive.
/// - Each entry also holds the host `unowned`, which keeps the host's *memory* (not the object)
///   allocated until the entry is dropped. So no new object can take a host's address while its
///   entry exists, and an entry found at an address always belongs to the object asking — also
///   in that object's own `deinit`, where its weak references already read `nil` but its values
///   should stay visible. A new object at a reused address therefore never sees a dead object's
///   values. (Unlike the Objective-C runtime, the side table cannot tell a host in its deinit
///   from a dead one — both read `nil` weakly — so a sweep run by *another* thread during that
///   deinit releases its values; a host's own accesses never sweep its own entry.)
/// - Values of dead hosts (weak reference `nil`) are released by a sweep of the whole table,
///   which runs at an access once there have been as many accesses since the last sweep as
///   there are hosts in the table (amortized O(1) per access; with n hosts, values of a dead
///   host are released within n accesses), or at once by `releaseValuesOfDeadHosts()`. A dead
///   host's memory is returned at that sweep too.
/// - Values are always released after the lock is released: their deinit may run user code.
///   So values swept by one thread may still be being released there when another thread's
///   `releaseValuesOfDeadHosts()` returns.
final class SideTable: Sendable {
    static let shared = SideTable()

    private struct HostEntry: Sendable {
        let host: WeakIdentity
        let addressPin: AddressPin
        var values: [ObjectIdentifier: any Sendable] = [:]

        init(host: AnyObject) {
            self.host = WeakIdentity(host)
            addressPin = AddressPin(host)
        }
    }

    private struct Table {
        var hosts: [ObjectIdentifier: HostEntry] = [:]
        var accessesSinceSweep = 0

        /// Counts an access by `host`; sweeps when due, sparing `host`'s own entry (a host in its
        /// deinit reads nil weakly, and must not drop its own values by using them). Returns the
        /// released entries.
        mutating func access(by host: AnyObject) -> [HostEntry] {
            accessesSinceSweep += 1
            guard accessesSinceSweep >= hosts.count else { return [] }
            return sweep(sparing: ObjectIdentifier(host))
        }

        mutating func sweep(sparing spared: ObjectIdentifier? = nil) -> [HostEntry] {
            accessesSinceSweep = 0
            var dead: [HostEntry] = []
            for (id, entry) in hosts where id != spared && !entry.host.isAlive {
                dead.append(entry)
                hosts[id] = nil
            }
            return dead
        }

        /// The entry of `host`, if any. An entry at the host's address is the host's own: the
        /// entry pins that address (see the type's documentation).
        func entry(of host: AnyObject) -> HostEntry? {
            hosts[ObjectIdentifier(host)]
        }
    }

    private let table = Locked(Table())

    func value(on host: AnyObject, for key: AnyObject) -> (any Sendable)? {
        let (value, released) = table.withLock { table in
            let value = table.entry(of: host)?.values[ObjectIdentifier(key)]
            return (value, table.access(by: host))
        }
        withExtendedLifetime(released) {}
        return value
    }

    func setValue(_ value: (any Sendable)?, on host: AnyObject, for key: AnyObject) {
        let (released, old) = table.withLock { table in
            var entry = table.entry(of: host) ?? HostEntry(host: host)
            let old = entry.values.removeValue(forKey: ObjectIdentifier(key))
            if let value { entry.values[ObjectIdentifier(key)] = value }
            table.hosts[ObjectIdentifier(host)] = entry.values.isEmpty ? nil : entry
            return (table.access(by: host), old)
        }
        withExtendedLifetime((released, old)) {}
    }

    func value(on host: AnyObject, for key: AnyObject, orInsert make: () -> any Sendable) -> any Sendable {
        if let existing = value(on: host, for: key) { return existing }
        let made = make()  // outside the lock: it may use host storage itself
        let (winner, released) = table.withLock { table in
            var entry = table.entry(of: host) ?? HostEntry(host: host)
            if let existing = entry.values[ObjectIdentifier(key)] { return (existing, table.access(by: host)) }
            entry.values[ObjectIdentifier(key)] = made
            table.hosts[ObjectIdentifier(host)] = entry
            return (made, table.access(by: host))
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

/// Keeps an object's memory, hence its address, reserved while held, without keeping the object
/// alive: the side table's guarantee that an entry's address is its host's.
private struct AddressPin: @unchecked Sendable {
    // @unchecked is sound: the reference is never read; holding it only keeps the unowned
    // reference count up, and reference counting is atomic.
    private unowned(safe) let object: AnyObject

    init(_ object: AnyObject) {
        self.object = object
    }
}
