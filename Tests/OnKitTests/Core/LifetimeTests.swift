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
}
