import Foundation
import OnKit
import Testing

/// Several threads subscribing, cancelling and sending on one event at once, checked by
/// counting deliveries against a logical clock (never against time).
@Suite struct ConcurrencyStressTests {
    /// One send: its id is the clock tick taken just before `send` was called; `end` the tick
    /// taken just after it returned.
    private struct SendRecord: Sendable {
        let id: Int
        let end: Int
    }

    private enum Kind: Int, Sendable, CaseIterable {
        /// Cancelled by the thread that subscribed it.
        case plain
        /// Ended by dropping its owner.
        case ownerBound
        case once
        /// Cancels itself from inside its first call, on whichever thread sends.
        case selfCancelling
    }

    /// One short-lived handler and the ticks around its life.
    private struct TransientRecord: Sendable {
        let kind: Kind
        let calls: Recorder<Int>
        /// Tick after `subscribe` returned.
        let subscribed: Int
        /// Tick before `cancel()` was called (before the owner was dropped).
        let endCalled: Int
        /// Tick after `cancel()` returned (after the owner was seen deallocated).
        let ended: Int
        /// Ids of the sends this handler's own thread made while it was subscribed.
        let ownSends: [Int]
        let cancelResult: Bool?
    }

    @Test func stayingHandlersGetEverySendOnceAndCancelledOnesNothingThatStartsLater() throws {
        let event = Event<Void, Int>()
        let clock = CoreClock()
        let sends = Recorder<SendRecord>()
        let transients = Recorder<TransientRecord>()
        let failures = Recorder<String>()
        /// Self-cancelling handlers that removed themselves, with the tick after their cancel.
        let selfCancels = Recorder<(EventSubscription, Int)>()

        // Handlers that stay for the whole run, subscribed before any send.
        let permanent = (0..<3).map { _ in Recorder<Int>() }
        for calls in permanent { event += { _, id in calls.append(id) } }
        let permanentOwner = Tracked("permanent owner")
        let ownerCalls = Recorder<Int>()
        event.subscribe(owner: permanentOwner) { _, _, id in ownerCalls.append(id) }

        let threads = 4
        let rounds = 120
        // Handlers subscribed during the run that stay to the end: they sit among the transient
        // ones, so that sends resume past removals right next to them.
        let stayers = Recorder<(calls: Recorder<Int>, subscribed: Int)>()

        coreRunOnThreads(threads) { thread in
            for round in 0..<rounds {
                if round % 8 == 0 {
                    let calls = Recorder<Int>()
                    event += { _, id in calls.append(id) }
                    stayers.append((calls, clock.tick()))
                }
                let kind = Kind.allCases[(round + thread) % Kind.allCases.count]
                let calls = Recorder<Int>()
                var owner: Tracked? = Tracked("owner \(thread).\(round)")
                let weakOwner = WeakReference(owner)
                let subscription: EventSubscription
                switch kind {
                case .plain:
                    subscription = event.subscribe { _, id in calls.append(id) }
                case .ownerBound:
                    // Sound: `owner` is non-nil here, it was just created.
                    subscription = event.subscribe(owner: owner!) { _, _, id in calls.append(id) }
                case .once:
                    subscription = event.once { _, id in calls.append(id) }
                case .selfCancelling:
                    let mine = Recorder<EventSubscription>()
                    subscription = event.subscribe { _, id in
                        calls.append(id)
                        // A send on another thread may come before `mine` is filled in.
                        if let me = mine.values.first, me.cancel() { selfCancels.append((me, clock.tick())) }
                    }
                    mine.append(subscription)
                }
                let subscribed = clock.tick()

                var ownSends: [Int] = []
                for _ in 0..<2 {
                    let id = clock.tick()
                    event.send((), id)
                    sends.append(SendRecord(id: id, end: clock.tick()))
                    ownSends.append(id)
                }

                let endCalled = clock.tick()
                var cancelResult: Bool?
                if kind == .ownerBound {
                    owner = nil
                    // A send running on another thread may hold the owner for the length of
                    // one call; the handler ends when the owner is really gone.
                    var spins = 0
                    while !weakOwner.isReleased {
                        spins += 1
                        if spins > 50_000_000 {
                            failures.append("owner \(thread).\(round) never deallocated")
                            break
                        }
                        sched_yield()
                    }
                } else if kind != .selfCancelling {
                    cancelResult = subscription.cancel()
                }
                var ended = clock.tick()
                if kind == .selfCancelling {
                    // Its own sends called it, so it has cancelled itself by now — or a send on
                    // another thread called it first and won the cancel, and may not have recorded
                    // that yet (the record follows the cancel): wait, bounded, for the record.
                    var ticks = selfCancels.values.filter { $0.0 == subscription }.map(\.1)
                    var spins = 0
                    while ticks.isEmpty && !subscription.isActive && spins < 50_000_000 {
                        spins += 1
                        sched_yield()
                        ticks = selfCancels.values.filter { $0.0 == subscription }.map(\.1)
                    }
                    if ticks.count != 1 { failures.append("self-cancelling handler removed itself \(ticks.count) times") }
                    ended = ticks.first ?? ended
                    cancelResult = subscription.cancel()
                }
                withExtendedLifetime(owner) {}
                transients.append(TransientRecord(
                    kind: kind, calls: calls, subscribed: subscribed, endCalled: endCalled,
                    ended: ended, ownSends: ownSends, cancelResult: cancelResult
                ))
            }
        }

        #expect(failures.values == [])
        let allSends = sends.values
        #expect(allSends.count == threads * rounds * 2)
        let allIds = allSends.map(\.id).sorted()
        for (index, calls) in permanent.enumerated() {
            #expect(calls.values.sorted() == allIds, "permanent handler \(index) missed or repeated a send")
        }
        #expect(ownerCalls.values.sorted() == allIds, "owner-bound handler with a live owner missed or repeated a send")
        for stayer in stayers.values {
            let calls = stayer.calls.values
            let expected = allIds.filter { $0 > stayer.subscribed }
            // Every send that started after it subscribed, once; earlier ones at most once.
            #expect(Set(calls).count == calls.count, "a staying handler was called twice by one send")
            #expect(Set(expected).isSubset(of: calls), "a staying handler missed \(Set(expected).subtracting(calls).count) sends")
        }

        var checked = 0
        for record in transients.values {
            let calls = record.calls.values
            let called = Set(calls)
            #expect(called.count == calls.count, "\(record.kind) handler called twice by one send: \(calls)")
            switch record.kind {
            case .once:
                #expect(calls.count == 1, "once handler ran \(calls.count) times")
            case .plain:
                #expect(record.cancelResult == true, "cancel of a live handler returned false")
                #expect(record.ownSends.allSatisfy(called.contains), "a send made by the subscribing thread missed its handler")
            case .ownerBound:
                #expect(record.ownSends.allSatisfy(called.contains), "a send made by the subscribing thread missed its handler")
            case .selfCancelling:
                #expect(record.cancelResult == false, "a self-cancelled handler was still registered")
                // Called by its thread's first send, or by an earlier one from another thread.
                #expect(!calls.isEmpty, "a self-cancelling handler was never called")
            }
            guard record.kind != .once else { continue }
            for send in allSends {
                if record.kind != .selfCancelling && send.id > record.subscribed && send.end < record.endCalled {
                    // Started after subscribing and finished before cancelling: must deliver.
                    #expect(called.contains(send.id), "\(record.kind) handler missed send \(send.id)")
                    checked += 1
                }
                if send.id > record.ended {
                    #expect(!called.contains(send.id), "\(record.kind) handler called by send \(send.id), which started after it ended at \(record.ended)")
                    checked += 1
                }
            }
        }
        // The checks above must have had something to check.
        #expect(checked > 1000)
        let staying = 4 + stayers.count
        #expect(event.subscriberCount >= staying)  // plus dead owner-bound ones not yet released
        event.send((), -1)
        #expect(event.subscriberCount == staying)
        withExtendedLifetime(permanentOwner) {}
    }

    @Test func onceRunsAtMostOnceWhenThreadsSendAtTheSameTime() {
        let rounds = 300
        let threads = 4
        let events = (0..<rounds).map { _ in Event<Void, Int>() }
        let runs = (0..<rounds).map { _ in Counter() }
        let subscriptions = zip(events, runs).map { event, counter in
            event.once { _, _ in counter.increment() }
        }
        let barrier = CoreBarrier(count: threads)
        coreRunOnThreads(threads) { thread in
            for round in 0..<rounds {
                barrier.arrive()  // every thread sends on this round's event at once
                events[round].send((), thread)
            }
        }
        for round in 0..<rounds {
            #expect(runs[round].value == 1, "round \(round): once ran \(runs[round].value) times")
            #expect(!subscriptions[round].isActive)
            #expect(events[round].subscriberCount == 0)
        }
    }

    @Test func concurrentSubscribesAllLandAndConcurrentCancelsRemoveEachExactlyOnce() {
        let decision = Decision<Void, Int, Int>(default: 0, combine: +)
        let threads = 4
        let perThread = 300
        let made = Recorder<EventSubscription>()
        coreRunOnThreads(threads) { _ in
            for _ in 0..<perThread { made.append(decision.subscribe { _, value in value }) }
        }
        #expect(decision.subscriberCount == threads * perThread)
        #expect(Set(made.values).count == threads * perThread)
        #expect(decision.ask((), 1) == threads * perThread)

        let subscriptions = made.values
        let removed = Counter()
        coreRunOnThreads(threads) { thread in
            // Every subscription is cancelled by two threads; exactly one of them removes it.
            for (index, subscription) in subscriptions.enumerated() where index % 2 == thread % 2 {
                if subscription.cancel() { removed.increment() }
            }
        }
        #expect(removed.value == threads * perThread)
        #expect(decision.subscriberCount == 0)
        #expect(decision.ask((), 1) == 0)
    }

    @Test func everySubscriptionAddedToALifetimeEndingElsewhereEndsCancelled() {
        for _ in 0..<40 {
            let event = Event<Void, Void>()
            let lifetime = Lifetime()
            let made = Recorder<EventSubscription>()
            coreRunOnThreads(3) { thread in
                if thread == 0 {
                    for _ in 0..<20 { made.append(event.subscribe { _, _ in }) }
                    lifetime.end()
                } else {
                    for _ in 0..<50 {
                        let subscription = event.subscribe { _, _ in }
                        lifetime.add(subscription)
                        made.append(subscription)
                    }
                }
            }
            // Thread 0's own subscriptions were never added; everything added was cancelled,
            // either by `end()` or, when it came later, at once by `add`.
            let added = made.values.count - 20
            #expect(added == 100)
            #expect(event.subscriberCount == 20)
            #expect(lifetime.hasEnded)
            #expect(lifetime.count == 0)
        }
    }

    @Test func cancelActionRunsExactlyOnceWhenManyThreadsCancelAtOnce() {
        let rounds = 200
        let threads = 4
        let actions = (0..<rounds).map { _ in Counter() }
        let subscriptions = actions.map { counter in EventSubscription { counter.increment() } }
        let returnedTrue = (0..<rounds).map { _ in Counter() }
        let barrier = CoreBarrier(count: threads)
        coreRunOnThreads(threads) { _ in
            for round in 0..<rounds {
                barrier.arrive()
                if subscriptions[round].cancel() { returnedTrue[round].increment() }
            }
        }
        for round in 0..<rounds {
            #expect(actions[round].value == 1, "round \(round): action ran \(actions[round].value) times")
            #expect(returnedTrue[round].value == 1, "round \(round): \(returnedTrue[round].value) cancels returned true")
            #expect(!subscriptions[round].isActive)
        }
    }
}
