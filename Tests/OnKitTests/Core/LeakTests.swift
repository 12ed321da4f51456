import OnKit
import Testing

/// Events, handlers' closures, owners, subscriptions and lifetimes are released when they should
/// be, checked with weak references.
@Suite struct LeakTests {
    /// A handler whose closure holds `tracked` strongly, and nothing else does.
    private func handler(holding tracked: Tracked, calls: Counter = Counter()) -> @Sendable (Void, Int) -> Void {
        { _, _ in
            withExtendedLifetime(tracked) {}
            calls.increment()
        }
    }

    @Test func eventWithHandlersRegisteredIsReleasedAndSoAreItsClosures() {
        var event: Event<Void, Int>? = Event()
        var captured: Tracked? = Tracked()
        let weakCaptured = WeakReference(captured)
        // Sound: both were just created.
        event! += handler(holding: captured!)
        event!.subscribe(owner: Tracked()) { _, _, _ in }
        event!.once(handler(holding: captured!))
        captured = nil
        let weakEvent = WeakReference(event)
        #expect(!weakCaptured.isReleased)  // the event holds the closures
        event = nil
        #expect(weakEvent.isReleased)
        #expect(weakCaptured.isReleased)
    }

    @Test func cancelReleasesTheClosureBeforeReturning() {
        let event = Event<Void, Int>()
        var captured: Tracked? = Tracked()
        let weakCaptured = WeakReference(captured)
        // Sound: just created.
        let subscription = event.subscribe(handler(holding: captured!))
        captured = nil
        #expect(!weakCaptured.isReleased)
        #expect(subscription.cancel())
        #expect(weakCaptured.isReleased)
    }

    @Test func unsubscribeReleasesTheClosure() {
        let event = Event<Void, Int>()
        var captured: Tracked? = Tracked()
        let weakCaptured = WeakReference(captured)
        // Sound: just created.
        let subscription = event += handler(holding: captured!)
        captured = nil
        #expect(event -= subscription)
        #expect(weakCaptured.isReleased)
    }

    @Test func removeAllReleasesEveryClosure() {
        let event = Event<Void, Int>()
        var captured: [Tracked] = (0..<5).map { Tracked("\($0)") }
        let weakCaptured = captured.map { WeakReference($0) }
        for tracked in captured { event += handler(holding: tracked) }
        event.once(handler(holding: Tracked("once")))
        captured = []
        #expect(weakCaptured.allSatisfy { !$0.isReleased })
        event.removeAll()
        #expect(weakCaptured.allSatisfy { $0.isReleased })
        #expect(event.subscriberCount == 0)
    }

    @Test func onceHandlerIsReleasedAfterItRan() {
        let event = Event<Void, Int>()
        var captured: Tracked? = Tracked()
        let weakCaptured = WeakReference(captured)
        let calls = Counter()
        // Sound: just created.
        let subscription = event.once(handler(holding: captured!, calls: calls))
        captured = nil
        #expect(!weakCaptured.isReleased)
        event.send((), 1)
        #expect(calls.value == 1)
        #expect(weakCaptured.isReleased)
        #expect(!subscription.isActive)
        #expect(event.subscriberCount == 0)
    }

    @Test func ownerBoundClosureIsReleasedByTheNextSendAfterTheOwnerGoes() {
        let event = Event<Void, Int>()
        var owner: Tracked? = Tracked("owner")
        var captured: Tracked? = Tracked()
        let weakOwner = WeakReference(owner)
        let weakCaptured = WeakReference(captured)
        let calls = Counter()
        // Sound: both were just created.
        let subscription = event.subscribe(owner: owner!) { [captured = captured!] _, _, _ in
            withExtendedLifetime(captured) {}
            calls.increment()
        }
        captured = nil
        event.send((), 1)
        #expect(calls.value == 1)
        owner = nil
        #expect(weakOwner.isReleased)  // the event does not retain the owner
        event.send((), 2)
        #expect(calls.value == 1)  // never called once the owner is gone
        #expect(weakCaptured.isReleased)
        #expect(!subscription.isActive)
        #expect(event.subscriberCount == 0)
    }

    @Test func ownerBoundClosureIsReleasedByTheNextSubscribeAfterTheOwnerGoes() {
        let event = Event<Void, Int>()
        var owner: Tracked? = Tracked("owner")
        var captured: Tracked? = Tracked()
        let weakCaptured = WeakReference(captured)
        // Sound: both were just created.
        let subscription = event.subscribe(owner: owner!) { [captured = captured!] _, _, _ in
            withExtendedLifetime(captured) {}
        }
        captured = nil
        owner = nil
        event += { _, _ in }  // no send in between: the subscribe releases it
        #expect(weakCaptured.isReleased)
        #expect(!subscription.isActive)
        #expect(event.subscriberCount == 1)
    }

    @Test func ownerBoundClosureIsReleasedByTheNextOnceOrOwnerSubscribeToo() {
        for useOnce in [true, false] {
            let event = Event<Void, Int>()
            var owner: Tracked? = Tracked("owner")
            var captured: Tracked? = Tracked()
            let weakCaptured = WeakReference(captured)
            // Sound: both were just created.
            event.subscribe(owner: owner!) { [captured = captured!] _, _, _ in
                withExtendedLifetime(captured) {}
            }
            captured = nil
            owner = nil
            let otherOwner = Tracked("other")
            if useOnce {
                event.once { _, _ in }
            } else {
                event.subscribe(owner: otherOwner) { _, _, _ in }
            }
            #expect(weakCaptured.isReleased, "not released by \(useOnce ? "once" : "subscribe(owner:)")")
            #expect(event.subscriberCount == 1)
        }
    }

    @Test func ownerIsNotRetainedByTheEventOrItsSubscription() {
        let event = Event<Void, Int>()
        var owner: Tracked? = Tracked("owner")
        let weakOwner = WeakReference(owner)
        // Sound: just created.
        let subscription = event.subscribe(owner: owner!) { _, _, _ in }
        owner = nil
        #expect(weakOwner.isReleased)
        withExtendedLifetime(subscription) {}
    }

    @Test func ownerIsHandedBackToTheHandler() {
        let event = Event<String, Int>()
        let owner = Tracked("screen")
        let calls = Recorder<String>()
        event.subscribe(owner: owner) { owner, sender, args in calls.append("\(owner.name) \(sender) \(args)") }
        event.send("thermostat", 21)
        #expect(calls.values == ["screen thermostat 21"])
    }

    @Test func keptSubscriptionKeepsNeitherTheEventNorTheClosureAlive() {
        var event: Event<Void, Int>? = Event()
        var captured: Tracked? = Tracked()
        let weakEvent = WeakReference(event)
        let weakCaptured = WeakReference(captured)
        // Sound: both were just created.
        let subscription = event!.subscribe(handler(holding: captured!))
        captured = nil
        event = nil
        #expect(weakEvent.isReleased)
        #expect(weakCaptured.isReleased)
        #expect(!subscription.isActive)
    }

    @Test func subscriptionsInASetKeepNothingAlive() {
        var event: Event<Void, Int>? = Event()
        let weakEvent = WeakReference(event)
        var kept: Set<EventSubscription> = []
        // Sound: just created.
        for _ in 0..<10 { kept.insert(event!.subscribe { _, _ in }) }
        event = nil
        #expect(weakEvent.isReleased)
        #expect(kept.allSatisfy { !$0.isActive })
    }

    @Test func lifetimeEndCancelsAndReleasesWhatItHolds() {
        let event = Event<Void, Int>()
        let lifetime = Lifetime()
        var captured: Tracked? = Tracked()
        let weakCaptured = WeakReference(captured)
        // Sound: just created.
        let first = event.subscribe(handler(holding: captured!))
        first.store(in: lifetime)
        lifetime += event.subscribe(owner: Tracked()) { _, _, _ in }
        captured = nil
        #expect(lifetime.count == 2)
        lifetime.end()
        #expect(lifetime.hasEnded)
        #expect(lifetime.count == 0)
        #expect(!first.isActive)
        #expect(weakCaptured.isReleased)
        #expect(event.subscriberCount == 0)
        lifetime.end()  // idempotent
        #expect(lifetime.hasEnded)
    }

    @Test func lifetimeDeinitCancelsWhatItHolds() {
        let event = Event<Void, Int>()
        var lifetime: Lifetime? = Lifetime()
        let weakLifetime = WeakReference(lifetime)
        var captured: Tracked? = Tracked()
        let weakCaptured = WeakReference(captured)
        let cancelled = Counter()
        // Sound: all were just created.
        let subscription = event.subscribe(handler(holding: captured!))
        subscription.store(in: lifetime!)
        EventSubscription { cancelled.increment() }.store(in: lifetime!)
        captured = nil
        lifetime = nil
        #expect(weakLifetime.isReleased)
        #expect(!subscription.isActive)
        #expect(weakCaptured.isReleased)
        #expect(cancelled.value == 1)
    }

    @Test func lifetimeDoesNotKeepTheEventAlive() {
        var event: Event<Void, Int>? = Event()
        let weakEvent = WeakReference(event)
        let lifetime = Lifetime()
        // Sound: just created.
        event!.subscribe { _, _ in }.store(in: lifetime)
        event = nil
        #expect(weakEvent.isReleased)
        lifetime.end()  // cancelling what is already gone is harmless
        #expect(lifetime.hasEnded)
    }

    @Test func lifetimeHeldByTheHandlersOwnCaptureDoesNotLeakAfterEnd() {
        // A cycle: the handler captures the lifetime that holds its subscription. Ending the
        // lifetime cancels the subscription, which releases the closure, which breaks it.
        let event = Event<Void, Int>()
        var lifetime: Lifetime? = Lifetime()
        let weakLifetime = WeakReference(lifetime)
        // Sound: just created.
        event.subscribe { [lifetime = lifetime!] _, _ in withExtendedLifetime(lifetime) {} }
            .store(in: lifetime!)
        lifetime?.end()
        lifetime = nil
        #expect(weakLifetime.isReleased)
        #expect(event.subscriberCount == 0)
    }

    @Test func decisionClosuresAreReleasedOnCancelAndWithTheDecision() {
        var decision: Decision<Void, Void, Bool>? = .all()
        var captured: Tracked? = Tracked()
        let weakCaptured = WeakReference(captured)
        let weakDecision = WeakReference(decision)
        // Sound: just created.
        let first = decision!.subscribe { [captured = captured!] _, _ in
            withExtendedLifetime(captured) {}
            return true
        }
        decision! += { [captured = captured!] _, _ in
            withExtendedLifetime(captured) {}
            return true
        }
        captured = nil
        #expect(decision! -= first)
        #expect(!weakCaptured.isReleased)  // the second still holds it
        decision = nil
        #expect(weakDecision.isReleased)
        #expect(weakCaptured.isReleased)
    }

    @Test func decisionReleasesADeadOwnersClosureByTheNextAskEvenWhenItStopsEarly() {
        // `Decision.subscribe(owner:)` promises what `Event.subscribe(owner:)` does: once the
        // owner is gone, the closure is released no later than the next call. An ask that stops
        // before reaching the handler must not leave it behind.
        let decision = Decision<Void, Void, Bool>.all()
        decision += { _, _ in false }  // stops every ask here
        var owner: Tracked? = Tracked("owner")
        var captured: Tracked? = Tracked()
        let weakCaptured = WeakReference(captured)
        // Sound: both were just created.
        let subscription = decision.subscribe(owner: owner!) { [captured = captured!] _, _, _ in
            withExtendedLifetime(captured) {}
            return true
        }
        captured = nil
        owner = nil
        #expect(decision.ask((), ()) == false)
        #expect(weakCaptured.isReleased)
        #expect(!subscription.isActive)
        #expect(decision.subscriberCount == 1)
    }
}
