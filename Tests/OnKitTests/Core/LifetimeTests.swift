import OnKit
import Testing

/// `Lifetime` called back into from the code it runs: cancellation actions and handlers.
@Suite struct LifetimeTests {
    @Test func cancelActionThatEndsOrAddsToItsOwnLifetimeDoesNotDeadlock() throws {
        let result = try #require(coreResult {
            let lifetime = Lifetime()
            let ran = Recorder<String>()
            let late = Counter()
            lifetime += EventSubscription {
                ran.append("first")
                lifetime.end()  // re-entrant: already ending
                lifetime += EventSubscription { late.increment() }  // added after the end: cancelled at once
            }
            lifetime += EventSubscription { ran.append("second") }
            lifetime.end()
            return (ran.values, late.value, lifetime.count)
        })
        #expect(result.0 == ["first", "second"])
        #expect(result.1 == 1)
        #expect(result.2 == 0)
    }

    @Test func handlerEndingTheLifetimeOfLaterHandlersSkipsThemInTheSameSend() throws {
        let calls = try #require(coreResult {
            let event = Event<Void, Int>()
            let lifetime = Lifetime()
            let calls = Recorder<String>()
            event += { _, n in
                calls.append("A\(n)")
                lifetime.end()
            }
            lifetime += event.subscribe { _, n in calls.append("B\(n)") }
            lifetime += event.subscribe { _, n in calls.append("C\(n)") }
            event += { _, n in calls.append("D\(n)") }
            event.send((), 1)
            event.send((), 2)
            return calls.values
        })
        #expect(calls == ["A1", "D1", "A2", "D2"])
    }

    @Test func lifetimeEndedFromManyThreadsCancelsEachSubscriptionOnce() {
        for _ in 0..<50 {
            let lifetime = Lifetime()
            let runs = (0..<20).map { _ in Counter() }
            for counter in runs { lifetime += EventSubscription { counter.increment() } }
            coreRunOnThreads(4) { _ in lifetime.end() }
            #expect(runs.allSatisfy { $0.value == 1 })
            #expect(lifetime.hasEnded)
        }
    }

    @Test func subscriptionCancelledElsewhereIsHarmlessToItsLifetime() {
        let event = Event<Void, Int>()
        let lifetime = Lifetime()
        let subscription = event += { _, _ in }
        lifetime += subscription
        #expect(subscription.cancel())
        lifetime.end()  // cancels it again: answers false inside, nothing breaks
        #expect(!subscription.isActive)
        #expect(event.subscriberCount == 0)
    }

    /// Each event numbers its own subscriptions, so the first subscriptions of two events share a
    /// token: they must still differ, and a lifetime's prune (which drops the inactive ones by
    /// identity) must drop only the cancelled one.
    @Test func subscriptionsOfTwoEventsWithTheSameNumberStayApart() {
        let first = Event<Void, Int>()
        let second = Event<Void, Int>()
        let a = first += { _, _ in }
        let b = second += { _, _ in }
        #expect(a != b)
        #expect(Set([a, b, a]).count == 2)

        let lifetime = Lifetime()
        lifetime += a
        lifetime += b
        #expect(a.cancel())
        // Enough additions to make the lifetime prune (it prunes past 32): the cancelled `a` goes,
        // `b` (same token, other event) stays and is still ended with the lifetime.
        for _ in 0..<40 { lifetime += first += { _, _ in } }
        #expect(b.isActive)
        lifetime.end()
        #expect(!b.isActive, "the lifetime dropped b with a: their tokens are equal")
        #expect(second.subscriberCount == 0)
    }
}
