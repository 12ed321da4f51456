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

    @Test func handlersOnOneHostAreNotCalledBySendsOnAnother() {
        let front = Door("front")
        let back = Door("back")
        let calls = Recorder<String>()
        front.on.didOpen { door, angle in calls.append("\(door.name) \(angle)") }
        back.on.didOpen { door, angle in calls.append("\(door.name) \(angle)") }
        back.on.opened.send(back, 10)
        #expect(calls.values == ["back 10"])
        #expect(front.on.opened.subscriberCount == 1)
    }

    @Test func everyHandlerOfAHostDecisionIsAskedAndEachIsRemovable() {
        let door = Door()
        let asked = Recorder<String>()
        let first = door.on.mayClose += { _, _ in asked.append("first"); return true }
        let second = door.on.mayClose += { _, _ in asked.append("second"); return false }
        #expect(door.on.mayClose.ask(door, ()) == false)
        #expect(asked.values == ["first", "second"])

        #expect(door.on.mayClose -= second)
        #expect(door.on.mayClose.ask(door, ()) == true)
        #expect(first.cancel())
        #expect(door.on.mayClose.subscriberCount == 0)
        #expect(asked.values == ["first", "second", "first"])
    }

    @Test func manyHandlersOnOneHostEventAllRunInOrderAndRemovingOneKeepsTheRest() {
        let door = Door()
        let calls = Recorder<Int>()
        let subscriptions = (0..<10).map { index in door.on.didOpen { _, _ in calls.append(index) } }
        door.on.opened.send(door, 1)
        #expect(calls.values == Array(0..<10))
        calls.removeAll()
        for index in stride(from: 1, to: 10, by: 2) { #expect(subscriptions[index].cancel()) }
        door.on.opened.send(door, 2)
        #expect(calls.values == [0, 2, 4, 6, 8])
    }

    @Test func hostEventsAreReachableFromManyThreadsAsOneObject() {
        let door = Door()
        let seen = Recorder<ObjectIdentifier>()
        let calls = Counter()
        coreRunOnThreads(4) { _ in
            let event = door.on.opened
            seen.append(ObjectIdentifier(event))
            event += { _, _ in calls.increment() }
        }
        #expect(Set(seen.values).count == 1)
        door.on.opened.send(door, 0)
        #expect(calls.value == 4)
    }
}
