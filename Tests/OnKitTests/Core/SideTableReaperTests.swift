#if !canImport(ObjectiveC)
@testable import OnKit
import Testing

/// The side table's reaper, on private tables that nothing else touches: it releases dead hosts'
/// values with no access, is scheduled only while the table has entries, and comes back with
/// the next entry.
@Suite struct SideTableReaperTests {
    @Test func theReaperReleasesADeadHostsValuesAndThenStopsWhileTheTableIsEmpty() async {
        let table = SideTable()
        let key = AssociationKey<DeinitProbe?>("probe")
        let released = Counter()
        #expect(!table.isReaperScheduled, "an empty table schedules nothing")

        var door: Door? = Door()
        store(DeinitProbe { released.increment() }, on: door!, in: table, for: key)  // Sound: just made.
        // Polled, not read once: each run clears the flag before it schedules the next.
        #expect(await pollUntil { table.isReaperScheduled }, "storing into an empty table scheduled nothing")
        door = nil
        #expect(await pollUntil { released.value == 1 }, "the dead host's value was never released")
        #expect(await pollUntil { !table.isReaperScheduled }, "the reaper kept running on an empty table")
        #expect(table.hostCount == 0)

        store(DeinitProbe { released.increment() }, on: Door(), in: table, for: key)
        #expect(await pollUntil { released.value == 2 }, "the next entry did not schedule the reaper again")
    }

    @Test func theReaperKeepsLiveHostsValuesAndGoesOnWhileTheyLive() async {
        let table = SideTable()
        let key = AssociationKey<DeinitProbe?>("probe")
        let released = Counter()
        let live = Door("live")
        store(DeinitProbe { released.increment() }, on: live, in: table, for: key)
        store(DeinitProbe { released.increment() }, on: Door("dead"), in: table, for: key)

        #expect(await pollUntil { released.value == 1 })
        #expect(table.hostCount == 1)
        #expect(await pollUntil { table.isReaperScheduled }, "a table with a live host stopped its reaper")
        #expect(table.value(on: live, for: key.identity) != nil)
        withExtendedLifetime(live) {}
    }

    /// Stores `value` on `host`, which the caller may let go at once.
    private func store(_ value: DeinitProbe, on host: Door, in table: SideTable, for key: AssociationKey<DeinitProbe?>) {
        table.setValue(value, on: host, for: key.identity)
    }
}
#endif
