import OnKit
import Testing

/// Keys of this suite only; `static let`s, as `AssociationKey` asks.
private enum StorageKeys {
    static let tracked = AssociationKey<Tracked?>("tracked")
    static let number = AssociationKey<Int>("number", default: 0)
    static let padding = AssociationKey<Int>("padding", default: 0)
    static let made = AssociationKey<Tracked>("made", default: Tracked("default"))
    static let probe = AssociationKey<DeinitProbe?>("probe")
}

/// A host that reads its own stored values in its deinit, as an adapter tearing down its
/// helpers there would.
private final class DeinitReadingHost: OnCompatible, Sendable {
    let seen: Recorder<String>
    init(seen: Recorder<String>) { self.seen = seen }
    deinit {
        seen.append("existing \(on.existingValue(for: StorageKeys.number).map(String.init) ?? "nil")")
        seen.append("subscript \(on[StorageKeys.number])")
    }
}

/// Values stored on hosts with `host.on[key]`: identity, lifetime, release, and the Linux side
/// table's treatment of dead hosts and reused addresses.
///
/// Other suites use host storage at the same time, and their accesses may sweep the side table
/// too; so these tests never assert that a dead host's value is still there, only that it goes.
@Suite struct HostStorageTests {
    @Test func storedValueIsReleasedWhenTheHostDiesOnceDeadHostsAreReleased() {
        var door: Door? = Door()
        var value: Tracked? = Tracked()
        let weakValue = WeakReference(value)
        door?.on[StorageKeys.tracked] = value
        value = nil
        #expect(!weakValue.isReleased)  // the host's storage holds it
        #expect(door?.on[StorageKeys.tracked] === weakValue.object)
        door = nil
        Associations.releaseValuesOfDeadHosts()
        #expect(weakValue.isReleased)
    }

    @Test func storedValueOfADeadHostIsReleasedByLaterAccessesOnTheirOwn() {
        let witness = Door("witness")
        var door: Door? = Door()
        var value: Tracked? = Tracked()
        let weakValue = WeakReference(value)
        door?.on[StorageKeys.tracked] = value
        value = nil
        door = nil
        // No explicit release: ordinary accesses must get there (within as many accesses as
        // there are hosts in the table; the bound here is far above any count this suite makes).
        var accesses = 0
        while !weakValue.isReleased && accesses < 200_000 {
            _ = witness.on.existingValue(for: StorageKeys.number)
            accesses += 1
        }
        #expect(weakValue.isReleased, "still held after \(accesses) accesses")
    }

    @Test func hostIsNotRetainedByItsStorage() {
        var door: Door? = Door()
        let weakDoor = WeakReference(door)
        // Sound: just created.
        door!.on[StorageKeys.tracked] = Tracked()
        door!.on[StorageKeys.number] = 3
        _ = door!.on.lifetime
        door!.on.didOpen { door, _ in _ = door.name }
        door = nil
        #expect(weakDoor.isReleased)
    }

    @Test func hostLifetimeEndsAndCancelsItsSubscriptionsWhenTheHostGoes() async {
        let event = Event<Void, Int>()
        var door: Door? = Door()
        var captured: Tracked? = Tracked()
        let weakCaptured = WeakReference(captured)
        // Sound: both were just created.
        let subscription = event.subscribe { [captured = captured!] _, _ in withExtendedLifetime(captured) {} }
        subscription.store(in: door!.on.lifetime)
        let weakLifetime = WeakReference(door!.on.lifetime)
        #expect(door!.on.lifetime === door!.on.lifetime)
        #expect(!door!.on.lifetime.hasEnded)
        captured = nil
        door = nil
        Associations.releaseValuesOfDeadHosts()
        // A sweep by another suite's access may have taken the lifetime first, and be ending it
        // on that thread right now.
        #expect(await pollUntil { !subscription.isActive })
        #expect(weakLifetime.isReleased)
        #expect(weakCaptured.isReleased)
        #expect(event.subscriberCount == 0)
    }

    @Test func newObjectAtADeadObjectsAddressSeesNoneOfItsValues() throws {
        // Enough live hosts that the table sweeps rarely: a dead host's entry is then usually
        // still there when a new object takes its address, which is the case under test.
        let padding = (0..<256).map { Door("padding \($0)") }
        for door in padding { door.on[StorageKeys.padding] = 1 }

        var deadAddresses: Set<ObjectIdentifier> = []
        var reuses = 0
        var handedOver: [String] = []
        for iteration in 0..<20_000 where reuses < 200 {
            let door = Door()
            let address = ObjectIdentifier(door)
            if deadAddresses.contains(address) {
                reuses += 1
                if let stale = door.on.existingValue(for: StorageKeys.number) {
                    handedOver.append("iteration \(iteration): existingValue \(stale)")
                }
                let seen = door.on[StorageKeys.number]
                if seen != 0 { handedOver.append("iteration \(iteration): subscript \(seen)") }
                if door.on.existingValue(for: StorageKeys.tracked) != nil {
                    handedOver.append("iteration \(iteration): tracked value")
                }
            }
            door.on[StorageKeys.number] = iteration + 1
            door.on[StorageKeys.tracked] = Tracked()
            deadAddresses.insert(address)
        }
        try #require(reuses > 0, "no address was reused in 20,000 allocations: the case was not tested")
        #expect(handedOver == [], "\(handedOver.count) of \(reuses) reused addresses saw a dead object's values")
        withExtendedLifetime(padding) {}
    }

    @Test func sameHostAndKeyGiveTheSameObjectAndOtherHostsOthers() {
        let first = Door("first")
        let second = Door("second")
        #expect(first.on.opened === first.on.opened)
        #expect(first.on[DoorKeys.opened] === first.on.opened)
        #expect(first.on.lifetime === first.on.lifetime)
        #expect(first.on[StorageKeys.made] === first.on[StorageKeys.made])
        #expect(first.on.opened !== second.on.opened)
        #expect(first.on.lifetime !== second.on.lifetime)
        #expect(first.on[StorageKeys.made] !== second.on[StorageKeys.made])
    }

    @Test func valuesOfOneHostAreIndependentOfAnothersAndOfOtherKeys() {
        let first = Door("first")
        let second = Door("second")
        first.on[StorageKeys.number] = 1
        second.on[StorageKeys.number] = 2
        #expect(first.on[StorageKeys.number] == 1)
        #expect(second.on[StorageKeys.number] == 2)
        #expect(first.on.existingValue(for: StorageKeys.padding) == nil)
    }

    @Test func existingValueDoesNotCreateAndTheSubscriptStoresTheDefault() {
        let door = Door()
        #expect(door.on.existingValue(for: StorageKeys.made) == nil)
        #expect(door.on.existingValue(for: StorageKeys.made) == nil)
        let made = door.on[StorageKeys.made]
        #expect(made.name == "default")
        #expect(door.on.existingValue(for: StorageKeys.made) === made)
    }

    @Test func replacingOrClearingAValueReleasesTheOldOneAtOnce() {
        let door = Door()
        var first: Tracked? = Tracked("first")
        let weakFirst = WeakReference(first)
        door.on[StorageKeys.tracked] = first
        first = nil
        door.on[StorageKeys.tracked] = Tracked("second")
        #expect(weakFirst.isReleased)
        #expect(door.on[StorageKeys.tracked]?.name == "second")
        let weakSecond = WeakReference(door.on[StorageKeys.tracked])
        door.on[StorageKeys.tracked] = nil
        #expect(weakSecond.isReleased)
        #expect(door.on[StorageKeys.tracked] == nil)
        // Setting nil stores an `Optional.none` (the setter is generic over `Value`), so
        // `existingValue` answers `.some(nil)` rather than "nothing stored"; either way, nil.
        #expect(door.on.existingValue(for: StorageKeys.tracked).flatMap { $0 } == nil)
    }

    @Test func valueForOrInsertRacingFromManyThreadsHasOneWinnerSeenByAll() {
        let threads = 4
        for round in 0..<50 {
            let door = Door("round \(round)")
            let seen = Recorder<ObjectIdentifier>()
            let made = Recorder<WeakReference<Tracked>>()
            coreRunOnThreads(threads) { thread in
                let value = door.on.value(for: StorageKeys.made) {
                    let candidate = Tracked("thread \(thread)")
                    made.append(WeakReference(candidate))
                    return candidate
                }
                seen.append(ObjectIdentifier(value))
            }
            let winners = Set(seen.values)
            #expect(winners.count == 1, "round \(round): \(winners.count) different values handed out")
            #expect(seen.count == threads)
            #expect(winners.first == ObjectIdentifier(door.on[StorageKeys.made]))
            // Losers' values are not kept anywhere.
            #expect(made.values.filter { !$0.isReleased }.count == 1)
        }
    }

    @Test func manyThreadsStoringOnHostsThatDieLeaveNothingBehind() async {
        let stored = Recorder<WeakReference<Tracked>>()
        let mismatches = Counter()
        coreRunOnThreads(4) { thread in
            for index in 0..<300 {
                let door = Door("\(thread).\(index)")
                let value = Tracked("\(thread).\(index)")
                door.on[StorageKeys.tracked] = value
                door.on[StorageKeys.number] = index
                if door.on[StorageKeys.tracked] !== value || door.on[StorageKeys.number] != index {
                    mismatches.increment()
                }
                stored.append(WeakReference(value))
            }
        }
        #expect(mismatches.value == 0)
        // Sweep steps of other threads' accesses take dead hosts' entries all the time, and may
        // still be releasing them when `releaseValuesOfDeadHosts()` returns: wait for it.
        #expect(await releaseDeadHostValues { stored.values.allSatisfy { $0.isReleased } })
    }

    @Test func valuesWhoseDeinitUsesHostStorageAreReleasedWithoutDeadlock() throws {
        let released = try #require(coreResult {
            let witness = Door("witness")
            let deinits = Counter()
            let probe = { DeinitProbe {
                // User code in a deinit that uses host storage, as a delegate proxy's might.
                witness.on[StorageKeys.number] += 1
                deinits.increment()
            } }
            // Replaced and cleared values.
            let door = Door()
            door.on[StorageKeys.probe] = probe()
            door.on[StorageKeys.probe] = probe()
            door.on[StorageKeys.probe] = nil
            // Values of a dead host, released by an explicit sweep.
            var dying: Door? = Door()
            dying?.on[StorageKeys.probe] = probe()
            dying = nil
            Associations.releaseValuesOfDeadHosts()
            // Values of a dead host, released by later accesses.
            var other: Door? = Door()
            other?.on[StorageKeys.probe] = probe()
            other = nil
            for _ in 0..<200_000 where deinits.value < 4 {
                _ = witness.on.existingValue(for: StorageKeys.padding)
            }
            return deinits.value
        }, "a value's deinit that uses host storage deadlocked")
        #expect(released == 4)
    }

    @Test func settingNilOnAnOptionalKeyRemovesTheValue() {
        let door = Door()
        var tracked: Tracked? = Tracked()
        weak let weakTracked = tracked
        door.on[StorageKeys.tracked] = tracked
        tracked = nil
        #expect(door.on.existingValue(for: StorageKeys.tracked) != nil)
        door.on[StorageKeys.tracked] = nil
        #expect(weakTracked == nil)
        // Removed, not stored as `.some(nil)`.
        #expect(door.on.existingValue(for: StorageKeys.tracked) == nil)
    }

    @Test func hostInItsOwnDeinitSeesItsOwnValuesOrNone() {
        let seen = Recorder<String>()
        var host: DeinitReadingHost? = DeinitReadingHost(seen: seen)
        host?.on[StorageKeys.number] = 42
        // Another host's value, which a dying host must never be handed.
        let neighbour = DeinitReadingHost(seen: Recorder())
        neighbour.on[StorageKeys.number] = 7
        host = nil
        #expect(neighbour.on[StorageKeys.number] == 7)
        #if canImport(ObjectiveC)
        // The runtime keeps a host's associated objects until its deinit has run.
        #expect(seen.values == ["existing 42", "subscript 42"])
        #else
        // On Linux a host in its deinit already reads nil through weak references, so a sweep
        // by another thread meanwhile (other suites use the side table at the same time) takes
        // it for dead and releases its values: the deinit sees its own values until then, and
        // afterwards none — never another host's.
        let possible = [
            ["existing 42", "subscript 42"], ["existing 42", "subscript 0"], ["existing nil", "subscript 0"],
        ]
        #expect(possible.contains(seen.values))
        withKnownIssue("a concurrent sweep may release a host's values during its deinit", isIntermittent: true) {
            #expect(seen.values == ["existing 42", "subscript 42"])
        }
        #endif
    }
}
