@testable import OnKit
import Testing

/// Defects found by adversarial testing of the core; each test failed before its fix.
@Suite struct CoreRegressionTests {
    @Test func onceIsInactiveAndCannotBeCancelledOnceItHasRun() {
        let event = Event<Void, Int>()
        let seenByLaterHandler = Recorder<Bool>()
        let cancelResults = Recorder<Bool>()
        let once = event.once { _, _ in }
        event += { _, _ in
            seenByLaterHandler.append(once.isActive)
            cancelResults.append(once.cancel())
        }
        event.send((), 1)
        #expect(seenByLaterHandler.values == [false])
        #expect(cancelResults.values == [false])
        #expect(!once.isActive)
        #expect(!once.cancel())
    }

    @Test func onceIsInactiveWhileItRuns() {
        let event = Event<Void, Int>()
        let seenInside = Recorder<Bool>()
        let holder = Recorder<EventSubscription>()
        holder.append(event.once { _, _ in seenInside.append(holder.values[0].isActive) })
        #expect(holder.values[0].isActive)
        event.send((), 1)
        #expect(seenInside.values == [false])
    }

    @Test func voidEventSendsWithoutArguments() {
        let event = Event<Void, Void>()
        let calls = Recorder<Int>()
        event += { _, _ in calls.append(1) }
        event.send()
        event.send(())
        #expect(calls.values == [1, 1])
    }

    @Test(arguments: [false, true])
    func emptiedEventGivesItsMemoryBack(cancelFromTheFront: Bool) {
        let event = Event<Void, Int>()
        var subscriptions = (0..<10_000).map { _ in event.subscribe { _, _ in } }
        #expect(event.store.capacity >= 10_000)
        if !cancelFromTheFront { subscriptions.reverse() }
        for subscription in subscriptions { subscription.cancel() }
        #expect(event.subscriberCount == 0)
        // At most a small list stays published, marked empty, for the next subscribe.
        #expect(event.store.capacity <= 4, "an emptied event kept \(event.store.capacity) slots")
        #expect(event.store.isEmpty)
    }

    /// A lone handler that comes and goes (a reused cell's) reuses its list, marked empty between
    /// times: the event must read as empty exactly then, and a send must call exactly the handler
    /// that is there.
    @Test func aHandlerThatComesAndGoesIsCalledExactlyWhileItIsThere() {
        let event = Event<Void, Int>()
        let calls = Recorder<Int>()
        event.send((), -1)
        for round in 0..<100 {
            #expect(event.store.isEmpty)
            let subscription = event.subscribe { _, value in calls.append(value) }
            #expect(!event.store.isEmpty)
            event.send((), round)
            subscription.cancel()
            event.send((), -1)
        }
        #expect(calls.values == Array(0..<100))
        #expect(event.store.capacity <= 4, "one handler at a time grew the list to \(event.store.capacity) slots")
    }

    @Test func halfEmptiedEventShrinks() {
        let event = Event<Void, Int>()
        let subscriptions = (0..<10_000).map { _ in event.subscribe { _, _ in } }
        for subscription in subscriptions.dropFirst(100) { subscription.cancel() }
        #expect(event.subscriberCount == 100)
        #expect(event.store.capacity <= 400)
        let calls = Recorder<Int>()
        event += { _, n in calls.append(n) }
        event.send((), 7)
        #expect(calls.values == [7])
    }
}

@Suite struct SurfaceShapeTests {
    final class Door: Sendable {}

    @Test func sourcesReadAsMethodsAndVoidCallbacksTakeOnlyTheSender() {
        let opened = Event<Door, Void>()
        let calls = Recorder<String>()
        opened { _ in calls.append("sender only") }
        opened { _, _ in calls.append("sender and args") }
        opened.readOnly { _ in calls.append("read-only face") }
        opened.send(Door())
        #expect(calls.values == ["sender only", "sender and args", "read-only face"])
    }

    @Test func readOnlyDecisionSubscribesAndCountsButCannotAsk() {
        let decision = Decision<Door, Int, Bool>.all()
        let face: ReadOnlyDecision<Door, Int, Bool> = decision.readOnly
        let subscription = face { _, n in n > 0 }
        face.once { _, _ in true }
        #expect(face.subscriberCount == 2)
        #expect(decision.ask(Door(), 1))
        #expect(face.subscriberCount == 1)
        #expect(!decision.ask(Door(), -1))
        #expect(face -= subscription)
        #expect(decision.ask(Door(), -1))  // no handler left: the default
    }

    @Test func nextReturnsTheFirstMatchingCall() async throws {
        let event = Event<Void, Int>()
        async let value = event.next(where: { $0 > 1 })
        #expect(await pollUntil { event.subscriberCount == 1 })
        event.send(1)
        event.send(2)
        #expect(try await value == 2)
        #expect(event.subscriberCount == 0)
    }

    @Test func nextThrowsWhenItsTaskIsCancelledAndLeavesNoHandler() async throws {
        let event = Event<Void, Int>()
        let task = Task { try await event.next() }
        #expect(await pollUntil { event.subscriberCount == 1 })
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(event.subscriberCount == 0)
    }

    @Test func nextThrowsWhenTheSourceGoesAway() async throws {
        var event: Event<Void, Int>? = Event()
        // Waits on the read-only face, as on an adapter callback: the wait holds the face, not the event.
        let task = Task { [face = event!.readOnly] in try await face.next() }  // set above
        #expect(await pollUntil { event?.subscriberCount == 1 })
        event = nil
        await #expect(throws: SourceEndedError.self) { try await task.value }
    }
}
