import OnKit
import Testing

/// What a handler may do while its event is being sent, case by case. Each test runs on a
/// thread of its own with a deadline, so a deadlock fails the test instead of hanging the run.
@Suite struct EventReentrancyTests {
    @Test func handlerCancellingItselfRunsNowButNotOnTheNextSend() throws {
        let calls = try #require(coreResult {
            let event = Event<Void, Int>()
            let calls = Recorder<String>()
            let mine = CoreBox<EventSubscription?>(nil)
            event += { _, n in calls.append("A\(n)") }
            mine.storage = event.subscribe { _, n in
                calls.append("B\(n)")
                calls.append("B cancel \(mine.storage?.cancel() ?? false)")
            }
            event += { _, n in calls.append("C\(n)") }
            event.send((), 1)
            event.send((), 2)
            return calls.values
        })
        #expect(calls == ["A1", "B1", "B cancel true", "C1", "A2", "C2"])
    }

    @Test func handlerCancellingALaterHandlerSkipsItInTheSameSend() throws {
        let calls = try #require(coreResult {
            let event = Event<Void, Int>()
            let calls = Recorder<String>()
            let later = CoreBox<EventSubscription?>(nil)
            event += { _, n in
                calls.append("A\(n)")
                if n == 1 { calls.append("cancel C \(later.storage?.cancel() ?? false)") }
            }
            event += { _, n in calls.append("B\(n)") }
            later.storage = event.subscribe { _, n in calls.append("C\(n)") }
            event += { _, n in calls.append("D\(n)") }
            event.send((), 1)
            event.send((), 2)
            return calls.values
        })
        #expect(calls == ["A1", "cancel C true", "B1", "D1", "A2", "B2", "D2"])
    }

    @Test func handlerCancellingAnEarlierHandlerAffectsOnlyLaterSends() throws {
        let calls = try #require(coreResult {
            let event = Event<Void, Int>()
            let calls = Recorder<String>()
            let earlier = event.subscribe { _, n in calls.append("A\(n)") }
            event += { _, n in
                calls.append("B\(n)")
                if n == 1 { calls.append("cancel A \(earlier.cancel())") }
            }
            event += { _, n in calls.append("C\(n)") }
            event.send((), 1)
            event.send((), 2)
            return calls.values
        })
        #expect(calls == ["A1", "B1", "cancel A true", "C1", "B2", "C2"])
    }

    @Test func handlerAddedDuringASendRunsFromTheNextSend() throws {
        let calls = try #require(coreResult {
            let event = Event<Void, Int>()
            let calls = Recorder<String>()
            event += { _, n in
                calls.append("A\(n)")
                if n == 1 { event += { _, n in calls.append("new\(n)") } }
            }
            event += { _, n in calls.append("B\(n)") }
            event.send((), 1)
            event.send((), 2)
            return (calls.values, event.subscriberCount)
        })
        #expect(calls.0 == ["A1", "B1", "A2", "B2", "new2"])
        #expect(calls.1 == 3)
    }

    @Test func handlerAddedDuringASendIsNotRunEvenWhenACancelMakesTheSendResume() throws {
        // The cancel forces the running send to continue from a fresh snapshot, which already
        // holds the added handler: the send must still stop where its first snapshot ended.
        let calls = try #require(coreResult {
            let event = Event<Void, Int>()
            let calls = Recorder<String>()
            let last = CoreBox<EventSubscription?>(nil)
            event += { _, n in
                calls.append("A\(n)")
                if n == 1 {
                    event += { _, n in calls.append("new\(n)") }
                    _ = last.storage?.cancel()
                }
            }
            event += { _, n in calls.append("B\(n)") }
            last.storage = event.subscribe { _, n in calls.append("C\(n)") }
            event.send((), 1)
            event.send((), 2)
            return calls.values
        })
        #expect(calls == ["A1", "B1", "A2", "B2", "new2"])
    }

    @Test func nestedSendOnTheSameEventRunsToCompletionBeforeTheOuterGoesOn() throws {
        let calls = try #require(coreResult {
            let event = Event<Void, Int>()
            let calls = Recorder<String>()
            event += { _, n in
                calls.append("A\(n)")
                if n == 1 { event.send((), 2) }
            }
            event += { _, n in calls.append("B\(n)") }
            event += { _, n in calls.append("C\(n)") }
            event.send((), 1)
            return calls.values
        })
        #expect(calls == ["A1", "A2", "B2", "C2", "B1", "C1"])
    }

    @Test func cancelInsideANestedSendAlsoHoldsForTheOuterSend() throws {
        // B, during the nested send, cancels C: neither the nested nor the outer send calls C.
        let calls = try #require(coreResult {
            let event = Event<Void, Int>()
            let calls = Recorder<String>()
            let third = CoreBox<EventSubscription?>(nil)
            event += { _, n in
                calls.append("A\(n)")
                if n == 1 { event.send((), 2) }
            }
            event += { _, n in
                calls.append("B\(n)")
                if n == 2 { _ = third.storage?.cancel() }
            }
            third.storage = event.subscribe { _, n in calls.append("C\(n)") }
            event += { _, n in calls.append("D\(n)") }
            event.send((), 1)
            return calls.values
        })
        #expect(calls == ["A1", "A2", "B2", "D2", "B1", "D1"])
    }

    @Test func handlerAddedInANestedSendIsNotRunByTheOuterSend() throws {
        let calls = try #require(coreResult {
            let event = Event<Void, Int>()
            let calls = Recorder<String>()
            event += { _, n in
                calls.append("A\(n)")
                if n == 1 { event.send((), 2) }
                if n == 2 { event += { _, n in calls.append("new\(n)") } }
            }
            event += { _, n in calls.append("B\(n)") }
            event.send((), 1)
            event.send((), 3)
            return calls.values
        })
        #expect(calls == ["A1", "A2", "B2", "B1", "A3", "B3", "new3"])
    }

    @Test func onceHandlerThatSendsAgainRunsOnlyOnce() throws {
        let calls = try #require(coreResult {
            let event = Event<Void, Int>()
            let calls = Recorder<String>()
            let subscription = event.once { _, n in
                calls.append("once\(n)")
                event.send((), n + 1)
            }
            event += { _, n in calls.append("B\(n)") }
            event.send((), 1)
            return (calls.values, subscription.isActive, event.subscriberCount)
        })
        #expect(calls.0 == ["once1", "B2", "B1"])
        #expect(calls.1 == false)
        #expect(calls.2 == 1)
    }

    @Test func handlerSendingOnAnotherEventRunsItsHandlersInline() throws {
        let calls = try #require(coreResult {
            let first = Event<Void, Int>()
            let second = Event<Void, Int>()
            let calls = Recorder<String>()
            first += { _, n in
                calls.append("first A\(n)")
                if n == 1 { second.send((), 10) }
            }
            first += { _, n in calls.append("first B\(n)") }
            second += { _, n in
                calls.append("second\(n)")
                first.send((), 2)  // and back into the first event, which is still sending
            }
            first.send((), 1)
            return calls.values
        })
        #expect(calls == ["first A1", "second10", "first A2", "first B2", "first B1"])
    }

    @Test func handlerSubscribingToAnotherEventDoesNotDeadlock() throws {
        let result = try #require(coreResult {
            let first = Event<Void, Int>()
            let second = Event<Void, Int>()
            let calls = Recorder<String>()
            first += { _, n in
                second += { _, m in calls.append("second \(m) from \(n)") }
                second.send((), n)
                calls.append("count \(second.subscriberCount)")
            }
            first.send((), 1)
            return calls.values
        })
        #expect(result == ["second 1 from 1", "count 1"])
    }

    @Test func handlerCancelledBeforeTheSendStartsIsNotCalled() {
        let event = Event<Void, Int>()
        let calls = Recorder<String>()
        let a = event.subscribe { _, n in calls.append("A\(n)") }
        event += { _, n in calls.append("B\(n)") }
        #expect(a.cancel())
        event.send((), 1)
        #expect(calls.values == ["B1"])
    }

    @Test func removeAllDuringASendSkipsTheRestAndKeepsNothing() throws {
        let result = try #require(coreResult {
            let event = Event<Void, Int>()
            let calls = Recorder<String>()
            event += { _, n in
                calls.append("A\(n)")
                event.removeAll()
            }
            event += { _, n in calls.append("B\(n)") }
            event.send((), 1)
            event.send((), 2)
            return (calls.values, event.subscriberCount)
        })
        #expect(result.0 == ["A1"])
        #expect(result.1 == 0)
    }

    @Test func handlerMayInspectItsEventWhileRunning() throws {
        let result = try #require(coreResult {
            let event = Event<Void, Int>()
            let seen = Recorder<String>()
            let own = CoreBox<EventSubscription?>(nil)
            own.storage = event.subscribe { _, _ in
                seen.append("count \(event.subscriberCount) active \(own.storage?.isActive ?? false)")
            }
            event.send((), 1)
            return seen.values
        })
        #expect(result == ["count 1 active true"])
    }

    @Test func ownerBoundHandlerCancellingItselfDuringASendIsNotCalledAgain() throws {
        let result = try #require(coreResult {
            let event = Event<Void, Int>()
            let owner = Tracked()
            let calls = Recorder<String>()
            let mine = CoreBox<EventSubscription?>(nil)
            mine.storage = event.subscribe(owner: owner) { _, _, n in
                calls.append("owned\(n)")
                _ = mine.storage?.cancel()
                event.send((), n + 1)  // nested send: must not call it again
            }
            event.send((), 1)
            event.send((), 10)
            withExtendedLifetime(owner) {}
            return calls.values
        })
        #expect(result == ["owned1"])
    }
}

/// Handlers are called in place from the send's snapshot: a handler that cancels itself loses
/// its slot in the live list, but must stay alive, with its captures, until it returns.
@Suite struct HandlerLifetimeDuringItsOwnCallTests {
    @Test func handlerThatCancelsItselfKeepsItsCapturesAliveUntilItReturns() {
        let event = Event<Void, Int>()
        let alive = Recorder<Bool>()
        let mySubscription = Recorder<EventSubscription>()
        var captured: Tracked? = Tracked("captured")
        weak let weakCaptured = captured
        // Sound: just created above.
        mySubscription.append(event.subscribe { [captured = captured!] _, _ in
            mySubscription.values.first?.cancel()
            event.removeAll()  // and drop every slot of the live list
            alive.append(weakCaptured != nil)
            alive.append(captured.name == "captured")
        })
        captured = nil
        event.send(0)
        #expect(alive.values == [true, true])
        #expect(weakCaptured == nil)  // released once the send is over
    }
}
