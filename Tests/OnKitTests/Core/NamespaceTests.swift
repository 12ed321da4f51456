import Testing
import OnKit

@Suite struct NamespaceTests {
    @Test func everyHandlerForTheSameHostEventRunsAndEachIsRemovable() {
        let door = Door()
        let calls = Recorder<String>()
        let first = door.on.didOpen { _, angle in calls.append("first \(angle)") }
        door.on.didOpen { _, angle in calls.append("second \(angle)") }
        door.on.opened.send(door, 30)
        #expect(calls.values == ["first 30", "second 30"])

        #expect(first.cancel())
        door.on.opened.send(door, 60)
        #expect(calls.values == ["first 30", "second 30", "second 60"])
    }
}
