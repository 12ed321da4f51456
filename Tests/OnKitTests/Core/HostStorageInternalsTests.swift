@testable import OnKit
import Testing

/// Host storage below the typed API: what only a test that reaches the mechanisms can set up.
@Suite struct HostStorageInternalsTests {
    @Test func aValueOfTheWrongTypeUnderAKeyReadsAsNothingStoredInsteadOfCrashing() {
        // Unique key identities make this impossible through the API; the typed read must still
        // not force its cast.
        let door = Door()
        let key = AssociationKey<Int>("number", default: 7)
        #if canImport(ObjectiveC)
        RuntimeAssociations.setValue("not a number", on: door, for: key.identity.runtimeKey)
        #else
        SideTable.shared.setValue("not a number", on: door, for: key.identity)
        #endif
        #expect(door.on.existingValue(for: key) == nil)
        #expect(door.on[key] == 7)  // the default replaces it
        #expect(door.on.existingValue(for: key) == 7)
    }

    #if !canImport(ObjectiveC)
    @Test func noAccessReleasesMoreThanOneSweepStepOfDeadHostsYetAllGo() {
        // A private table: no other suite's accesses sweep it, nor a reaper.
        let table = SideTable(reapsDeadHosts: false)
        let key = AssociationKey<DeinitProbe?>("probe")
        let released = Counter()
        let hosts = 5_000
        do {
            let doors = (0..<hosts).map { Door("\($0)") }
            for door in doors { table.setValue(DeinitProbe { released.increment() }, on: door, for: key.identity) }
        }
        let witness = Door("witness")
        var accesses = 0
        var mostInOneAccess = 0
        while released.value < hosts && accesses < 100_000 {
            let before = released.value
            _ = table.value(on: witness, for: key.identity)
            mostInOneAccess = max(mostInOneAccess, released.value - before)
            accesses += 1
        }
        #expect(released.value == hosts, "\(released.value) of \(hosts) released after \(accesses) accesses")
        // Before, the access that found a whole-table sweep due released every dead host at once.
        #expect(mostInOneAccess <= SideTable.slotsPerStep)
    }

    @Test func releasingDeadHostsCountsThemAndAlsoReleasesValuesOfDeadKeys() {
        let table = SideTable()
        let released = Counter()
        let live = Door("live")
        do {
            let key = AssociationKey<DeinitProbe?>("temporary")
            table.setValue(DeinitProbe { released.increment() }, on: live, for: key.identity)
            let doors = (0..<3_000).map { Door("\($0)") }
            for door in doors { table.setValue(DeinitProbe { released.increment() }, on: door, for: key.identity) }
        }
        let kept = AssociationKey<Int>("kept", default: 0)
        table.setValue(1, on: live, for: kept.identity)
        // Some may have gone already, swept by the accesses above.
        let counted = table.releaseValuesOfDeadHosts()
        #expect(counted <= 3_000)
        #expect(released.value == 3_001)
        #expect(table.hostCount == 1)
        #expect(table.value(on: live, for: kept.identity) as? Int == 1)
        #expect(table.releaseValuesOfDeadHosts() == 0)
    }
    #endif
}
