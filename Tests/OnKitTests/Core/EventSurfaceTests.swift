import OnKit
import Testing

/// `ReadOnlyEvent`, the `Void` conveniences and `EventSubscription`'s `Hashable` identity.
@Suite struct EventSurfaceTests {
    @Test func readOnlyFaceSubscribesAndCancelsOnTheSameEvent() {
        let event = Event<String, Int>()
        let face = event.readOnly
        let calls = Recorder<String>()
        let plain = face += { sender, n in calls.append("plain \(sender) \(n)") }
        let owner = Tracked("owner")
        let owned = face.subscribe(owner: owner) { owner, _, n in calls.append("\(owner.name) \(n)") }
        face.once { _, n in calls.append("once \(n)") }
        #expect(face.subscriberCount == 3)
        #expect(event.subscriberCount == 3)

        event.send("door", 1)
        #expect(calls.values == ["plain door 1", "owner 1", "once 1"])

        #expect(face -= plain)
        #expect(!(face -= plain))
        #expect(event -= owned)  // cancelled through the event: same registration
        #expect(face.subscriberCount == 0)
        event.send("door", 2)
        #expect(calls.count == 3)
    }

    @Test func readOnlyFacesOfOneEventAreInterchangeable() {
        let event = Event<Void, Int>()
        let subscription = event.readOnly.subscribe { _, _ in }
        #expect(event.readOnly.unsubscribe(subscription))
        let other = event.subscribe { _, _ in }
        #expect(event.readOnly -= other)
        #expect(event.subscriberCount == 0)
    }

    @Test func voidSenderEventSendsArgumentsAlone() {
        let event = Event<Void, Int>()
        let calls = Recorder<Int>()
        event += { _, n in calls.append(n) }
        event.send(4)
        event.send(5)
        #expect(calls.values == [4, 5])
    }

    @Test func voidArgumentsEventSendsTheSenderAlone() {
        let event = Event<String, Void>()
        let calls = Recorder<String>()
        event += { sender, _ in calls.append(sender) }
        event.send("door")
        #expect(calls.values == ["door"])
    }

    @Test func handlersGetTheSenderAndArgumentsOfEachSend() {
        let event = Event<Door, (angle: Int, by: String)>()
        let calls = Recorder<String>()
        event += { door, args in calls.append("\(door.name) \(args.angle) \(args.by)") }
        event.send(Door("front"), (90, "wind"))
        #expect(calls.values == ["front 90 wind"])
    }

    @Test func twoSubscriptionsOfTheSameClosureAreNotEqual() {
        let event = Event<Void, Int>()
        let handler: Event<Void, Int>.Handler = { _, _ in }
        let first = event += handler
        let second = event += handler
        #expect(first != second)
        #expect(event.subscriberCount == 2)
        #expect(first.cancel())
        #expect(second.isActive)  // cancelling one leaves the other
    }

    @Test func subscriptionEqualsItsCopyAndCancelsThroughIt() {
        let event = Event<Void, Int>()
        let subscription = event += { _, _ in }
        let copy = subscription
        #expect(copy == subscription)
        #expect(copy.hashValue == subscription.hashValue)
        #expect(copy.cancel())
        #expect(!subscription.isActive)
        #expect(!subscription.cancel())
    }

    @Test func subscriptionsWorkInASet() {
        let event = Event<Void, Int>()
        let other = Event<Void, Int>()
        let decision = Decision<Void, Void, Bool>.all()
        let handler: Event<Void, Int>.Handler = { _, _ in }
        var subscriptions: Set<EventSubscription> = []
        for _ in 0..<5 { subscriptions.insert(event += handler) }
        for _ in 0..<5 { subscriptions.insert(other += handler) }
        subscriptions.insert(decision += { _, _ in true })
        subscriptions.insert(EventSubscription {})
        subscriptions.insert(EventSubscription {})
        #expect(subscriptions.count == 13)
        let first = subscriptions.first
        // Sound: the set has 13 elements.
        #expect(!subscriptions.insert(first!).inserted)
        for subscription in subscriptions { subscription.cancel() }
        #expect(subscriptions.allSatisfy { !$0.isActive })
        #expect(event.subscriberCount == 0)
        #expect(other.subscriberCount == 0)
        #expect(decision.subscriberCount == 0)
    }

    @Test func subscriptionsOfDifferentEventsNeverCompareEqual() {
        // Tokens are unique in the process, not per event.
        var seen: Set<EventSubscription> = []
        for _ in 0..<50 {
            let event = Event<Void, Void>()
            #expect(seen.insert(event += { _, _ in }).inserted)
        }
    }

    @Test func onceSubscriptionIsActiveUntilItRuns() {
        let event = Event<Void, Int>()
        let calls = Recorder<Int>()
        let subscription = event.once { _, n in calls.append(n) }
        #expect(subscription.isActive)
        event.send((), 1)
        event.send((), 2)
        #expect(calls.values == [1])
        #expect(!subscription.isActive)
        #expect(!subscription.cancel())
    }

    @Test func onceCancelledBeforeItRunsNeverRuns() {
        let event = Event<Void, Int>()
        let calls = Counter()
        let subscription = event.once { _, _ in calls.increment() }
        #expect(subscription.cancel())
        event.send((), 1)
        #expect(calls.value == 0)
    }
}
