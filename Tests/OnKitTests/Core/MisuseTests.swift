import OnKit
import Testing

/// Misuse gets a clear answer (a `false`, a no-op), never a crash and never a silent loss.
@Suite struct MisuseTests {
    @Test func cancellingTwiceReturnsFalseTheSecondTime() {
        let event = Event<Void, Int>()
        let subscription = event += { _, _ in }
        #expect(subscription.cancel())
        #expect(!subscription.cancel())
        #expect(!(event -= subscription))
        #expect(!subscription.isActive)
        #expect(event.subscriberCount == 0)
    }

    @Test func unsubscribingAnotherEventsSubscriptionReturnsFalseAndLeavesBothIntact() {
        let first = Event<Void, Int>()
        let second = Event<Void, Int>()
        let calls = Recorder<String>()
        let fromFirst = first += { _, n in calls.append("first \(n)") }
        let fromSecond = second += { _, n in calls.append("second \(n)") }
        #expect(!(second -= fromFirst))
        #expect(!second.unsubscribe(fromFirst))
        #expect(!first.readOnly.unsubscribe(fromSecond))
        #expect(fromFirst.isActive)
        #expect(fromSecond.isActive)
        #expect(first.subscriberCount == 1)
        #expect(second.subscriberCount == 1)
        first.send((), 1)
        second.send((), 2)
        #expect(calls.values == ["first 1", "second 2"])
    }

    @Test func unsubscribingASubscriptionOfAnotherTypeOfEventReturnsFalse() {
        let event = Event<Void, Int>()
        let other = Event<String, String>()
        let subscription = other += { _, _ in }
        #expect(!(event -= subscription))
        #expect(subscription.isActive)
    }

    @Test func unsubscribingACustomSubscriptionReturnsFalseAndDoesNotRunItsAction() {
        let event = Event<Void, Int>()
        let ran = Counter()
        let custom = EventSubscription { ran.increment() }
        #expect(!(event -= custom))
        #expect(ran.value == 0)
        #expect(custom.isActive)
        #expect(custom.cancel())
        #expect(ran.value == 1)
    }

    @Test func sendingWithNoHandlersDoesNothing() {
        let event = Event<Void, Int>()
        event.send((), 1)
        let subscription = event += { _, _ in }
        subscription.cancel()
        event.send((), 2)
        event.removeAll()
        event.send((), 3)
        #expect(event.subscriberCount == 0)
        let decision = Decision<Void, Void, Int>(default: 9, combine: +)
        #expect(decision.ask((), ()) == 9)
    }

    @Test func subscriptionOutlivingItsEventAnswersFalse() {
        var event: Event<Void, Int>? = Event()
        // Sound: just created.
        let subscription = event!.subscribe { _, _ in }
        let owned = event!.subscribe(owner: Tracked()) { _, _, _ in }
        event = nil
        #expect(!subscription.isActive)
        #expect(!subscription.cancel())
        #expect(!owned.cancel())
        #expect(subscription == subscription)  // still usable as a value
        var set: Set<EventSubscription> = [subscription, owned]
        #expect(set.remove(subscription) != nil)
    }

    @Test func decisionUnsubscribingAForeignSubscriptionReturnsFalse() {
        let decision = Decision<Void, Void, Bool>.all()
        let other = Decision<Void, Void, Bool>.all()
        let event = Event<Void, Void>()
        let fromOther = other += { _, _ in false }
        let fromEvent = event += { _, _ in }
        #expect(!(decision -= fromOther))
        #expect(!(decision -= fromEvent))
        #expect(!decision.unsubscribe(EventSubscription {}))
        #expect(fromOther.isActive)
        #expect(fromEvent.isActive)
        #expect(other.ask((), ()) == false)
        // And an event refuses a decision's subscription.
        #expect(!(event -= fromOther))
        #expect(fromOther.isActive)
    }

    @Test func decisionCancellingTwiceReturnsFalse() {
        let decision = Decision<Void, Void, Bool>.any()
        let subscription = decision += { _, _ in true }
        #expect(decision -= subscription)
        #expect(!(decision -= subscription))
        #expect(!subscription.cancel())
    }

    @Test func addingToAnEndedLifetimeCancelsAtOnce() {
        let event = Event<Void, Int>()
        let calls = Counter()
        let lifetime = Lifetime()
        lifetime.end()
        let subscription = event += { _, _ in calls.increment() }
        subscription.store(in: lifetime)
        #expect(!subscription.isActive)
        #expect(lifetime.count == 0)
        event.send((), 1)
        #expect(calls.value == 0)

        let ran = Counter()
        lifetime += EventSubscription { ran.increment() }
        #expect(ran.value == 1)
    }

    @Test func customSubscriptionRunsItsActionOnceAndReportsIt() {
        let ran = Counter()
        let subscription = EventSubscription { ran.increment() }
        #expect(subscription.isActive)
        #expect(subscription.cancel())
        #expect(!subscription.cancel())
        #expect(!subscription.isActive)
        #expect(ran.value == 1)
    }

    @Test func customSubscriptionIsCancelledByItsLifetime() {
        let ran = Counter()
        let lifetime = Lifetime()
        EventSubscription { ran.increment() }.store(in: lifetime)
        #expect(ran.value == 0)
        lifetime.end()
        lifetime.end()
        #expect(ran.value == 1)
    }

    @Test func lifetimeHoldingManyCancelledSubscriptionsStaysSmall() {
        // Subscriptions cancelled elsewhere are pruned as more are added, so a long-lived
        // lifetime does not grow without bound.
        let event = Event<Void, Void>()
        let lifetime = Lifetime()
        for _ in 0..<1_000 {
            let subscription = event += { _, _ in }
            lifetime += subscription
            subscription.cancel()
        }
        #expect(lifetime.count <= 64)
        #expect(event.subscriberCount == 0)
    }
}
