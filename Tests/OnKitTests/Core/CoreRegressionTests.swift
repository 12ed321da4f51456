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
        let holder = Recorder<Subscription>()
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
        #expect(event.store.capacity == 0)
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
