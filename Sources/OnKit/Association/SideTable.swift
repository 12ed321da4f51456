#if !canImport(ObjectiveC)
import Synchronization

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
/// - Values are stored under their key's number, never reused (`AssociationKeyIdentity`), next
///   to a weak reference to the key's liveness: a value whose key is gone can never be read
///   again, and is released like a dead host's values.
/// - Values of dead hosts (weak reference `nil`) and of dead keys are released by an
///   incremental sweep: every `accessesPerStep`-th access visits the next `slotsPerStep` entries
///   of one shard, taking the shards in turn. So no access walks the table, each access does
///   amortized O(1) sweeping, and with n entries a dead host's values are released within about
///   n × `accessesPerStep` / `slotsPerStep` + `shardCount` × `accessesPerStep` accesses, that
///   is n + 4,096 (more where hosts are unevenly spread over the shards).
///   `releaseValuesOfDeadHosts()` releases them at once. A dead host's memory is returned when
///   its entry goes; the slots it leaves are reused, never given back (as a dictionary keeps
///   its capacity).
/// - The table is split into `shardCount` shards by host address, each with its own lock and
///   its entries in stable slots. A lock is held for one access, one sweep step, or one chunk of
///   `releaseValuesOfDeadHosts()`, never across the whole table, and a shard holds about
///   1/`shardCount` of the hosts, so even its growth (rehashing) stays short. (At a million
///   hosts, the old whole-table sweep under one lock made the access it fell on take about a
///   second; now no access visits more than `slotsPerStep` entries.)
/// - Values are always released after the lock is released: their deinit may run user code.
///   So values swept by one thread may still be being released there when another thread's
///   `releaseValuesOfDeadHosts()` returns.
final class SideTable: Sendable {
    static let shared = SideTable()

    /// How many independently locked parts the table has (a power of 2).
    static let shardCount = 256
    /// A sweep step runs at every this many accesses…
    static let accessesPerStep: UInt = 16
    /// …and visits at most this many entries (slots) of one shard.
    static let slotsPerStep = 16
    /// Entries `releaseValuesOfDeadHosts()` visits under one lock.
    static let slotsPerChunk = 1024

    private let shards: [Locked<Shard>]
    /// Accesses so far (wrapping): decides when a sweep step is due, and in which shard.
    private let accesses = Atomic<UInt>(0)

    init() {
        shards = (0..<Self.shardCount).map { _ in Locked(Shard()) }
    }

    func value(on host: AnyObject, for key: AssociationKeyIdentity) -> (any Sendable)? {
        let id = ObjectIdentifier(host)
        let value = shard(of: id).withLock { $0.value(of: id, for: key.number) }
        sweepIfDue(sparing: id)
        return value
    }

    func setValue(_ value: (any Sendable)?, on host: AnyObject, for key: AssociationKeyIdentity) {
        let id = ObjectIdentifier(host)
        let old = shard(of: id).withLock { shard in
            if let value { return shard.store(value, for: key, on: host) }
            return shard.removeValue(of: id, for: key.number)
        }
        withExtendedLifetime(old) {}
        sweepIfDue(sparing: id)
    }

    /// The stored value if it is a `Value`, or else `make()`'s result, stored first. (Nothing but
    /// a `Value` is ever stored under a key; if something else were, it would be replaced.)
    func value<Value: Sendable>(
        on host: AnyObject,
        for key: AssociationKeyIdentity,
        orInsert make: () -> Value
    ) -> Value {
        if let stored = value(on: host, for: key), let existing = stored as? Value { return existing }
        let made = make()  // outside the lock: it may use host storage itself
        let id = ObjectIdentifier(host)
        let (winner, displaced) = shard(of: id).withLock { shard -> (Value, (any Sendable)?) in
            if let stored = shard.value(of: id, for: key.number), let existing = stored as? Value {
                return (existing, nil)
            }
            return (made, shard.store(made, for: key, on: host))
        }
        withExtendedLifetime(displaced) {}
        sweepIfDue(sparing: id)
        return winner
    }

    /// Sweeps the whole table now, one chunk of one shard under its lock at a time; returns how
    /// many dead hosts' values this call released. Values of dead keys go too.
    @discardableResult
    func releaseValuesOfDeadHosts() -> Int {
        var deadHosts = 0
        for shard in shards {
            var start = 0
            while true {
                let (released, end) = shard.withLock { shard -> (Released, Int?) in
                    guard start < shard.slots.count else { return (Released(), nil) }
                    let end = min(start + Self.slotsPerChunk, shard.slots.count)
                    var released = Released()
                    for slot in start..<end {
                        if let entry = shard.sweep(slot: slot, sparing: nil, deadKeyValues: &released.deadKeyValues) {
                            released.hostEntries.append(entry)
                        }
                    }
                    return (released, end)
                }
                deadHosts += released.hostEntries.count
                guard let end else { break }
                start = end
            }
        }
        return deadHosts
    }

    /// The number of hosts with stored values (dead ones not yet swept included).
    var hostCount: Int { shards.reduce(0) { count, shard in count + shard.withLock { $0.slotOfHost.count } } }

    /// The shard of a host, by its address.
    private func shard(of host: ObjectIdentifier) -> Locked<Shard> {
        // Fibonacci hashing of the address without its alignment bits: objects allocated one
        // after the other land in different shards. In 64 bits on every platform.
        let address = UInt64(UInt(bitPattern: host)) >> 4
        let hashed = address &* 0x9E37_79B9_7F4A_7C15
        return shards[Int(hashed >> UInt64(64 - Self.shardCount.trailingZeroBitCount))]
    }

    /// Runs a sweep step when one is due: at every `accessesPerStep`-th access, in the next shard.
    private func sweepIfDue(sparing host: ObjectIdentifier) {
        let access = accesses.wrappingAdd(1, ordering: .relaxed).oldValue
        guard access % Self.accessesPerStep == 0 else { return }
        let shard = shards[Int(access / Self.accessesPerStep % UInt(Self.shardCount))]
        // The entries taken go to a buffer on the stack, not to a new array: a step allocates
        // nothing, so it never pays for the allocator's occasional reorganisation of its free
        // lists (milliseconds, measured, while another thread frees much memory).
        withUnsafeTemporaryAllocation(of: HostEntry.self, capacity: Self.slotsPerStep) { buffer in
            let (taken, deadKeyValues) = shard.withLock { $0.sweepStep(sparing: host, into: buffer) }
            // Released here, after the lock: values' deinits may run user code.
            UnsafeMutableBufferPointer(rebasing: buffer[0..<taken]).deinitialize()
            withExtendedLifetime(deadKeyValues) {}
        }
    }
}

/// One part of the side table: the entries of the hosts whose address hashes to it.
private struct Shard {
    /// The slot of each host's entry.
    var slotOfHost: [ObjectIdentifier: Int] = [:]
    /// Entries at stable positions, so that a sweep can stop and resume; `nil` is a free slot.
    var slots: [HostEntry?] = []
    /// Free slots, reused before the array grows.
    var freeSlots: [Int] = []
    /// Where the next sweep step starts.
    var cursor = 0

    /// Mutating only to read the entry in place (`Self.value(in:for:)`).
    mutating func value(of host: ObjectIdentifier, for key: UInt64) -> (any Sendable)? {
        guard let slot = slotOfHost[host] else { return nil }
        return Self.value(in: &slots[slot], for: key)
    }

    /// Takes the entry `inout` to read it in place: a copy would cost an atomic operation on
    /// each of its references, the weak one included.
    private static func value(in entry: inout HostEntry?, for key: UInt64) -> (any Sendable)? {
        entry?.values[key]?.value
    }

    /// Stores `value`; returns the value it replaced, to be released after the lock.
    mutating func store(_ value: any Sendable, for key: AssociationKeyIdentity, on host: AnyObject) -> (any Sendable)? {
        let id = ObjectIdentifier(host)
        let stored = StoredValue(value: value, key: WeakIdentity(key.liveness))
        if let slot = slotOfHost[id] {
            return slots[slot]?.values.updateValue(stored, forKey: key.number)?.value
        }
        var entry = HostEntry(host: host)
        entry.values[key.number] = stored
        let slot = freeSlots.popLast() ?? slots.count
        if slot == slots.count { slots.append(entry) } else { slots[slot] = entry }
        slotOfHost[id] = slot
        return nil
    }

    /// Removes the value of `key`, and the host's entry if that was its last; returns the value.
    mutating func removeValue(of host: ObjectIdentifier, for key: UInt64) -> (any Sendable)? {
        guard let slot = slotOfHost[host] else { return nil }
        let removed = slots[slot]?.values.removeValue(forKey: key)?.value
        if slots[slot]?.values.isEmpty ?? false { _ = remove(slot: slot) }
        return removed
    }

    /// Removes the entry in `slot` and frees the slot.
    mutating func remove(slot: Int) -> HostEntry? {
        guard let entry = slots[slot].take() else { return nil }
        slotOfHost[entry.id] = nil
        freeSlots.append(slot)
        return entry
    }

    /// Visits `SideTable.slotsPerStep` slots (at most all of them) from the cursor on, wrapping
    /// around. Moves the entries of dead hosts into `taken` (room for one a slot visited) and
    /// returns how many; returns the values of dead keys too.
    mutating func sweepStep(
        sparing spared: ObjectIdentifier,
        into taken: UnsafeMutableBufferPointer<HostEntry>
    ) -> (taken: Int, deadKeyValues: [any Sendable]) {
        var count = 0
        var deadKeyValues: [any Sendable] = []
        for _ in 0..<min(SideTable.slotsPerStep, taken.count, slots.count) {
            if cursor >= slots.count { cursor = 0 }
            if let entry = sweep(slot: cursor, sparing: spared, deadKeyValues: &deadKeyValues) {
                taken.initializeElement(at: count, to: entry)
                count += 1
            }
            cursor += 1
        }
        return (count, deadKeyValues)
    }

    /// Takes out and returns the entry in `slot` if its host is dead, else takes out the values
    /// whose key is dead. `spared`'s entry is left alone: a host in its deinit reads `nil`
    /// weakly, and must not drop its own values by using them.
    mutating func sweep(
        slot: Int,
        sparing spared: ObjectIdentifier?,
        deadKeyValues: inout [any Sendable]
    ) -> HostEntry? {
        guard Self.isDead(&slots[slot], sparing: spared, deadKeyValues: &deadKeyValues) else { return nil }
        return remove(slot: slot)
    }

    /// Whether `entry`'s host is dead, or all its values went with their dead keys. Takes the
    /// entry `inout` to read it in place: a copy would cost an atomic operation on each of its
    /// references, the weak one included.
    private static func isDead(
        _ entry: inout HostEntry?,
        sparing spared: ObjectIdentifier?,
        deadKeyValues: inout [any Sendable]
    ) -> Bool {
        guard let id = entry?.id, id != spared else { return false }
        if entry?.host.isAlive == false { return true }
        guard entry?.values.values.contains(where: { !$0.key.isAlive }) ?? false else { return false }
        let dead = entry?.values.filter { !$0.value.key.isAlive } ?? [:]
        for (key, stored) in dead {
            deadKeyValues.append(stored.value)
            entry?.values[key] = nil
        }
        return entry?.values.isEmpty ?? false
    }
}

/// A host's entry: its values, and what keeps its address its own (see `SideTable`).
private struct HostEntry: Sendable {
    let id: ObjectIdentifier
    let host: WeakIdentity
    let addressPin: AddressPin
    var values: [UInt64: StoredValue] = [:]

    init(host: AnyObject) {
        id = ObjectIdentifier(host)
        self.host = WeakIdentity(host)
        addressPin = AddressPin(host)
    }
}

/// A value, and whether its key still exists.
private struct StoredValue: Sendable {
    let value: any Sendable
    let key: WeakIdentity
}

/// What `releaseValuesOfDeadHosts()` took out of the table, to be released after the lock.
private struct Released: Sendable {
    /// Entries of dead hosts.
    var hostEntries: [HostEntry] = []
    /// Values of dead keys, from hosts still alive.
    var deadKeyValues: [any Sendable] = []
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
#endif
