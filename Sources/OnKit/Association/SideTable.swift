#if !canImport(ObjectiveC)
import Dispatch
import Synchronization

/// Host-bound storage without an Objective-C runtime (Linux): a table keyed by object identity.
///
/// - Hosts are held weakly, and also `unowned` (`AddressPin`), which keeps a host's memory, so its
///   address, while its entry exists: an entry found at an address is always the asker's, also
///   in its own `deinit` (where weak references already read `nil`). A sweep on another thread
///   during that deinit may still release its values; a host's own accesses never sweep its entry.
/// - Values are stored under their key's never-reused number (`AssociationKeyIdentity`), beside
///   a weak reference to the key's liveness: a dead key's values are released like a dead host's.
/// - Nothing tells the table that a host died (no runtime to hang a deinit sentinel on), so it
///   looks. A **reaper** sweeps the whole table `reaperDelay` (0.5 s) after the first entry is
///   stored, and again after each sweep while the table has entries: a dead host's values go
///   within about a second with no other activity. It is a one-shot job on a background queue,
///   never a thread or timer of its own: while the table is empty nothing is scheduled and
///   nothing wakes up. It sweeps `slotsPerChunk` slots under a lock at a time, so an access
///   waits at most one chunk (about 0.2 ms, measured at a million hosts).
/// - A sweep costs a weak load per entry, a cache miss each (0.5–0.7 µs measured on a loaded
///   2-core machine: about 0.6 s of CPU for a million hosts). So the reaper waits at least
///   `reaperBackoff` times as long as its last sweep took before the next one, which keeps it
///   under a tenth of a core: the release takes longer than a second only in tables of more
///   than some 100,000 hosts.
/// - An incremental sweep also releases them between reaper runs: every `accessesPerStep`-th
///   access visits the next `slotsPerStep` slots of one shard, shards in turn, and no access
///   walks the table. `releaseValuesOfDeadHosts()` releases them at once. Freed slots are reused,
///   not given back.
/// - `shardCount` shards by host address, each with its own lock and stable slots: a lock is held
///   for one access, one sweep step or one chunk, never across the table.
/// - Nothing is released under a shard lock (deinits may run user code that comes back here):
///   values taken out, and every host a liveness check loaded (a weak load makes a strong
///   reference, which may turn out to be the last), leave the lock as garbage, dropped after
///   unlocking.
/// - Every taking of dead hosts' values holds a ticket (`Releases`) until those values are
///   released: `releaseValuesOfDeadHosts()` waits for the tickets taken before its sweep ended,
///   so it returns only once every dead host's value it or a concurrent sweep (the reaper, an
///   access's step) took out is released.
final class SideTable: Sendable {
    static let shared = SideTable()

    /// Independently locked parts (a power of 2); slots a sweep step visits; slots
    /// `releaseValuesOfDeadHosts()` (and so the reaper) visits under one lock.
    static let shardCount = 256, slotsPerStep = 16, slotsPerChunk = 256
    /// A sweep step runs at every this many accesses.
    static let accessesPerStep: UInt = 16

    /// How long after an entry is stored, or after the last sweep while entries remain, the
    /// reaper sweeps the table, at least.
    static let reaperDelay: UInt64 = 500_000_000
    /// The reaper waits at least this many times as long as its last sweep took.
    static let reaperBackoff: UInt64 = 10

    private let shards = (0..<SideTable.shardCount).map { _ in Locked(Shard()) }
    /// The sweeps whose values are still being released (see `Releases`).
    private let releases = Releases()
    /// Accesses so far (wrapping): decides when a sweep step is due, and in which shard.
    private let accesses = Atomic<UInt>(0)
    /// Whether this table runs the reaper (a test's private table may not).
    private let reaps: Bool
    /// Whether a reaper run is scheduled; the reaper clears it before checking for entries.
    private let reaperScheduled = Atomic<Bool>(false)

    /// A table; `reapsDeadHosts: false` leaves releasing to accesses and
    /// `releaseValuesOfDeadHosts()` (for tests that count what one access releases).
    init(reapsDeadHosts: Bool = true) { reaps = reapsDeadHosts }

    func value(on host: AnyObject, for key: AssociationKeyIdentity) -> (any Sendable)? {
        let id = ObjectIdentifier(host)
        let value = shard(of: id).withLock { $0.value(of: id, for: key.number) }
        sweepIfDue(sparing: id)
        return value
    }

    func setValue(_ value: (any Sendable)?, on host: AnyObject, for key: AssociationKeyIdentity) {
        let id = ObjectIdentifier(host)
        let old = shard(of: id).withLock { shard -> Garbage in
            if let value { return Garbage(value: shard.store(value, for: key, on: host)) }
            return shard.removeValue(of: id, for: key.number)
        }
        withExtendedLifetime(old) {}  // after the lock: a value's deinit may run user code
        if value != nil { scheduleReaperIfIdle() }
        sweepIfDue(sparing: id)
    }

    /// The stored value if it is a `Value` (always, see `HostStorage`), or else `make()`'s, stored.
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
        scheduleReaperIfIdle()
        sweepIfDue(sparing: id)
        return winner
    }

    /// Sweeps the whole table now, a chunk under a lock at a time; returns how many dead hosts'
    /// values this call released (dead keys' values go too). Then, with `waiting`, waits until
    /// every value taken out by a sweep that took it before this one ended (the reaper's, an
    /// access's step) is released too, unless this thread is itself releasing such values (a
    /// value's deinit calling this): waiting for itself would never end.
    @discardableResult
    func releaseValuesOfDeadHosts(waiting: Bool = true) -> Int {
        var deadHosts = 0
        withUnsafeTemporaryAllocation(of: AnyObject.self, capacity: Self.slotsPerChunk) { loadedBuffer in
            for shard in shards {
                var start = 0
                while true {
                    var loaded = LoadedHosts(loadedBuffer)
                    // Taken out under the lock, released after it, before the ticket closes (one
                    // binding: a second, shadowed one would keep the values to the end of the scope).
                    guard let released = shard.withLock({ shard -> Released? in
                        guard start < shard.slots.count else { return nil }
                        let end = min(start + Self.slotsPerChunk, shard.slots.count)
                        var released = Released()
                        for slot in start..<end {
                            if let entry = shard.sweep(
                                slot: slot, sparing: nil, loaded: &loaded, deadKeyValues: &released.deadKeyValues)
                            {
                                released.hostEntries.append(entry)
                            }
                        }
                        if !released.isEmpty { released.ticket = releases.open() }
                        start = end
                        return released
                    }) else {
                        loaded.release()
                        break
                    }
                    loaded.release()
                    deadHosts += released.hostEntries.count
                    let ticket = released.ticket
                    withExtendedLifetime(consume released) {}
                    if let ticket { releases.close(ticket) }
                }
            }
        }
        if waiting { releases.waitForTicketsBefore(releases.horizon()) }
        return deadHosts
    }

    /// How many `releaseValuesOfDeadHosts()` calls wait for another sweep's releases now (tests).
    var releaseWaiterCount: Int { releases.waiterCount }

    /// Whether a reaper run is scheduled: false while the table is empty (and reaped).
    var isReaperScheduled: Bool { reaperScheduled.load(ordering: .sequentiallyConsistent) }

    /// Schedules a reaper run unless one is: called after every store, so that an entry stored
    /// into an empty table is swept. The entry is stored first: either this sees the flag the
    /// reaper cleared and schedules, or the reaper, which clears it before counting entries,
    /// counts this one and schedules again.
    private func scheduleReaperIfIdle(after delay: UInt64 = SideTable.reaperDelay) {
        guard reaps, !reaperScheduled.load(ordering: .sequentiallyConsistent) else { return }
        guard reaperScheduled.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent).exchanged
        else { return }
        let deadline = DispatchTime.now() + .nanoseconds(Int(clamping: delay))
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: deadline) { [weak self] in self?.reap() }
    }

    /// The reaper: sweeps the table, then runs again later only if entries remain.
    private func reap() {
        let start = DispatchTime.now().uptimeNanoseconds
        releaseValuesOfDeadHosts(waiting: false)
        let took = DispatchTime.now().uptimeNanoseconds &- start
        reaperScheduled.store(false, ordering: .sequentiallyConsistent)
        let (backedOff, overflow) = took.multipliedReportingOverflow(by: Self.reaperBackoff)
        if hostCount > 0 { scheduleReaperIfIdle(after: overflow ? .max : max(Self.reaperDelay, backedOff)) }
    }

    /// The number of hosts with stored values (dead ones not yet swept included).
    var hostCount: Int { shards.reduce(0) { count, shard in count + shard.withLock { $0.slotOfHost.count } } }

    /// The shard of a host, by its address.
    private func shard(of host: ObjectIdentifier) -> Locked<Shard> {
        // Fibonacci hashing of the address without its alignment bits: objects allocated one
        // after another land in different shards.
        let address = UInt64(UInt(bitPattern: host)) >> 4
        let hashed = address &* 0x9E37_79B9_7F4A_7C15
        return shards[Int(hashed >> UInt64(64 - Self.shardCount.trailingZeroBitCount))]
    }

    /// Runs a sweep step when one is due: at every `accessesPerStep`-th access, in the next shard.
    private func sweepIfDue(sparing host: ObjectIdentifier) {
        let access = accesses.wrappingAdd(1, ordering: .relaxed).oldValue
        guard access % Self.accessesPerStep == 0 else { return }
        let shard = shards[Int(access / Self.accessesPerStep % UInt(Self.shardCount))]
        // Stack buffers, not arrays: a step that allocates can hit the allocator's occasional
        // free-list reorganisation (milliseconds, measured, while another thread frees much memory).
        withUnsafeTemporaryAllocation(of: AnyObject.self, capacity: Self.slotsPerStep) { loadedBuffer in
            withUnsafeTemporaryAllocation(of: HostEntry.self, capacity: Self.slotsPerStep) { buffer in
                var loaded = LoadedHosts(loadedBuffer)
                let (taken, deadKeyValues, ticket) = shard.withLock { shard in
                    let (taken, deadKeyValues) = shard.sweepStep(sparing: host, into: buffer, loaded: &loaded)
                    let ticket = taken > 0 || !deadKeyValues.isEmpty ? releases.open() : nil
                    return (taken, deadKeyValues, ticket)
                }
                // Released here, after the lock: deinits may run user code.
                loaded.release()
                UnsafeMutableBufferPointer(rebasing: buffer[0..<taken]).deinitialize()
                withExtendedLifetime(consume deadKeyValues) {}
                if let ticket { releases.close(ticket) }
            }
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

    /// Mutating to read the entry in place (`inout`): a copy would cost an atomic operation on
    /// each of its references, the weak one included (likewise `isDead`).
    mutating func value(of host: ObjectIdentifier, for key: UInt64) -> (any Sendable)? {
        guard let slot = slotOfHost[host] else { return nil }
        return Self.value(in: &slots[slot], for: key)
    }

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

    /// Removes the value of `key`, and the host's entry if that was its last; returns both, to
    /// be released after the lock.
    mutating func removeValue(of host: ObjectIdentifier, for key: UInt64) -> Garbage {
        guard let slot = slotOfHost[host] else { return Garbage() }
        var removed = Garbage(value: slots[slot]?.values.removeValue(forKey: key)?.value)
        if slots[slot]?.values.isEmpty ?? false { removed.entry = remove(slot: slot) }
        return removed
    }

    /// Removes the entry in `slot` and frees the slot.
    mutating func remove(slot: Int) -> HostEntry? {
        guard let entry = slots[slot].take() else { return nil }
        slotOfHost[entry.id] = nil
        freeSlots.append(slot)
        return entry
    }

    /// Visits up to `SideTable.slotsPerStep` slots from the cursor on, wrapping around; moves dead
    /// hosts' entries into `taken` and returns how many, and the values of dead keys.
    mutating func sweepStep(
        sparing spared: ObjectIdentifier,
        into taken: UnsafeMutableBufferPointer<HostEntry>,
        loaded: inout LoadedHosts
    ) -> (taken: Int, deadKeyValues: [any Sendable]) {
        var count = 0
        var deadKeyValues: [any Sendable] = []
        for _ in 0..<min(SideTable.slotsPerStep, taken.count, slots.count) {
            if cursor >= slots.count { cursor = 0 }
            if let entry = sweep(slot: cursor, sparing: spared, loaded: &loaded, deadKeyValues: &deadKeyValues) {
                taken.initializeElement(at: count, to: entry)
                count += 1
            }
            cursor += 1
        }
        return (count, deadKeyValues)
    }

    /// Takes out and returns the entry in `slot` if its host is dead, else takes out the values
    /// of dead keys. `spared`'s entry is left alone: a host in its deinit reads `nil` weakly. A
    /// live host is kept in `loaded`, to be released after the lock.
    mutating func sweep(
        slot: Int,
        sparing spared: ObjectIdentifier?,
        loaded: inout LoadedHosts,
        deadKeyValues: inout [any Sendable]
    ) -> HostEntry? {
        guard Self.isDead(&slots[slot], sparing: spared, loaded: &loaded, deadKeyValues: &deadKeyValues)
        else { return nil }
        return remove(slot: slot)
    }

    /// Whether `entry`'s host is dead, or all its values went with their dead keys.
    private static func isDead(
        _ entry: inout HostEntry?,
        sparing spared: ObjectIdentifier?,
        loaded: inout LoadedHosts,
        deadKeyValues: inout [any Sendable]
    ) -> Bool {
        guard let id = entry?.id, id != spared else { return false }
        // The loaded host is kept, not dropped here: if its last other reference went meanwhile,
        // this one is the last, and its deinit must run after the lock.
        guard let host = entry?.host.load() else { return true }
        loaded.keep(host)
        // Key liveness objects are OnKit's own, with an empty deinit: a check that drops the last
        // reference to one here frees memory and runs no user code.
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
    let host: WeakHost
    let addressPin: AddressPin
    var values: [UInt64: StoredValue] = [:]

    init(host: AnyObject) {
        id = ObjectIdentifier(host)
        self.host = WeakHost(host)
        addressPin = AddressPin(host)
    }
}

/// A value, and whether its key still exists.
private struct StoredValue: Sendable {
    let value: any Sendable
    let key: WeakIdentity
}

/// What `releaseValuesOfDeadHosts()` took out of the table (dead hosts' entries, dead keys'
/// values), to be released after the lock, and the ticket held until they are.
private struct Released: Sendable {
    var hostEntries: [HostEntry] = []
    var deadKeyValues: [any Sendable] = []
    var ticket: UInt64?

    var isEmpty: Bool { hostEntries.isEmpty && deadKeyValues.isEmpty }
}

/// What one access or store takes out of the table, released after the lock: a value it
/// replaced or removed, and a host entry it removed.
private struct Garbage: Sendable {
    var value: (any Sendable)?
    var entry: HostEntry?

    init(value: (any Sendable)? = nil) { self.value = value }
}

/// A weak reference to a host that can be loaded: a liveness check keeps what it loaded (see
/// `Shard.isDead`) instead of testing for `nil` and dropping it where it stands.
private struct WeakHost: @unchecked Sendable {
    // @unchecked is sound: weak loads and stores are atomic in the runtime, the reference is
    // immutable after `init`, and what `load()` returns is only kept and dropped (the table
    // calls no method of a host).
    private weak var object: AnyObject?

    init(_ object: AnyObject) { self.object = object }

    /// A strong reference to the host, or `nil` once it is deinitializing or gone.
    func load() -> AnyObject? { object }
}

/// The hosts a sweep loaded while checking they live, kept in a buffer on the sweeping thread's
/// stack and released after the lock (`release()`), never under it.
private struct LoadedHosts {
    private let buffer: UnsafeMutableBufferPointer<AnyObject>
    private var count = 0

    /// `buffer` must have room for a reference per slot the sweep visits.
    init(_ buffer: UnsafeMutableBufferPointer<AnyObject>) { self.buffer = buffer }

    mutating func keep(_ host: AnyObject) {
        precondition(count < buffer.count, "OnKit: a sweep loaded more hosts than it visits slots")
        buffer.initializeElement(at: count, to: host)
        count += 1
    }

    /// Drops the references kept: call with no lock held (a host's deinit may run here).
    mutating func release() {
        UnsafeMutableBufferPointer(rebasing: buffer[0..<count]).deinitialize()
        count = 0
    }
}

/// Keeps an object's memory, hence its address, while held, without keeping the object alive.
private struct AddressPin: @unchecked Sendable {
    // @unchecked is sound: the reference is never read; it only holds an (atomic) unowned count.
    private unowned(safe) let object: AnyObject

    init(_ object: AnyObject) { self.object = object }
}
#endif
