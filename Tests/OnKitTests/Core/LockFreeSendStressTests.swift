import Foundation
import OnKit
import Synchronization
import Testing

/// The lock-free send path under load: senders on several threads, a thread that subscribes and
/// cancels in batches (so lists grow, compact and are retired while sends read them), handlers
/// that cancel others in the middle of a send, nested sends, and one-shot handlers racing.
/// Every rule of `Event`'s contract is checked by counting, and the address sanitizer pass in
/// `.ci/run` catches a handler or list freed while a send still reads it.
@Suite struct LockFreeSendStressTests {
    /// A value behind an `NSLock` (a pthread mutex, which the thread sanitizer sees; a contended
    /// `Mutex` parks on a futex it does not).
    final class Guarded<Value: Sendable>: Sendable {
        private let lock = NSLock()
        private let box: CoreBox<Value>

        init(_ value: Value) { box = CoreBox(value) }

        func withLock<R>(_ body: (inout Value) -> R) -> R {
            lock.withLock { body(&box.storage) }
        }
    }

    /// One send: what its handlers see and record.
    final class SendTally: Sendable {
        /// Unique per send, nested ones included.
        let id: Int
        /// A clock tick taken before `send` was called.
        let start: Int
        let depth: Int
        /// Calls of handlers that stay for the whole run.
        let permanentCalls = Atomic<Int>(0)
        /// Ids of the transient handlers this send called, to find one called twice.
        let called = Guarded<Set<Int>>([])

        init(id: Int, start: Int, depth: Int) { (self.id, self.start, self.depth) = (id, start, depth) }
    }

    /// A transient handler's record.
    final class Probe: Sendable {
        let id: Int
        let calls = Atomic<Int>(0)
        /// The tick after its `cancel()` returned (0 while registered).
        let cancelledAt = Atomic<Int>(0)
        /// The send in which an earlier handler cancelled it (0 if none).
        let cancelledInSend = Atomic<Int>(0)

        init(id: Int) { self.id = id }
    }

    final class Shared: Sendable {
        let clock = Atomic<Int>(1)
        let sendIds = Atomic<Int>(1)
        /// The first violations found, and how many there were.
        let violations = Guarded<[String]>([])
        let violationCount = Atomic<Int>(0)
        /// Subscriptions handlers may cancel mid-send, with their probes.
        let victims = Guarded<[(EventSubscription, Probe)]>([])
        /// How often the mix happened: handlers cancelled mid-send, nested sends.
        let cancelledMidSend = Atomic<Int>(0)
        let nestedSends = Atomic<Int>(0)

        func tick() -> Int { clock.add(1, ordering: .sequentiallyConsistent).newValue }

        func violation(_ text: String) {
            violationCount.add(1, ordering: .relaxed)
            violations.withLock { if $0.count < 20 { $0.append(text) } }
        }

        /// Checks the rules for one call of a transient handler, then counts it.
        func called(_ probe: Probe, by tally: SendTally) {
            if probe.cancelledInSend.load(ordering: .acquiring) == tally.id {
                violation("handler \(probe.id) called after an earlier handler of the same send cancelled it")
            }
            let cancelled = probe.cancelledAt.load(ordering: .acquiring)
            if cancelled != 0, cancelled < tally.start {
                violation("handler \(probe.id) called by a send that started after its cancel returned")
            }
            let fresh = tally.called.withLock { $0.insert(probe.id).inserted }
            if !fresh { violation("handler \(probe.id) called twice by one send") }
            probe.calls.add(1, ordering: .relaxed)
        }
    }

    @Test func concurrentSendsKeepEveryRuleWhileHandlersComeAndGo() {
        let event = Event<Void, SendTally>()
        let shared = Shared()
        let permanentCount = 4

        /// Sends on `event` and checks that every permanent handler ran exactly once.
        @Sendable func send(depth: Int) {
            let tally = SendTally(id: shared.sendIds.add(1, ordering: .relaxed).newValue, start: shared.tick(), depth: depth)
            event.send((), tally)
            let permanent = tally.permanentCalls.load(ordering: .relaxed)
            if permanent != permanentCount {
                shared.violation("a send called permanent handlers \(permanent) times, not \(permanentCount)")
            }
        }

        // Permanent handlers: one counts, one cancels a victim mid-send, one sends again (nested).
        event += { _, tally in tally.permanentCalls.add(1, ordering: .relaxed) }
        event += { _, tally in
            tally.permanentCalls.add(1, ordering: .relaxed)
            guard tally.id % 3 == 0, let victim = shared.victims.withLock({ $0.popLast() }) else { return }
            if victim.0.cancel() {
                victim.1.cancelledInSend.store(tally.id, ordering: .releasing)
                victim.1.cancelledAt.store(shared.tick(), ordering: .releasing)
                shared.cancelledMidSend.add(1, ordering: .relaxed)
            }
        }
        event += { _, tally in
            tally.permanentCalls.add(1, ordering: .relaxed)
            if tally.depth == 0, tally.id % 8 == 0 {
                shared.nestedSends.add(1, ordering: .relaxed)
                send(depth: 1)
            }
        }
        event += { _, tally in tally.permanentCalls.add(1, ordering: .relaxed) }

        let onceProbes = Guarded<[(probe: Probe, kept: Bool)]>([])
        let probeIds = Atomic<Int>(1)
        let churnerDone = Atomic<Bool>(false)
        let senders = 3
        let rounds = 2_000
        coreRunOnThreads(senders + 1) { thread in
            if thread < senders {
                // Until the churner is done too, so that the mix overlaps however threads run.
                var sent = 0
                while sent < rounds || !churnerDone.load(ordering: .acquiring) {
                    send(depth: 0)
                    sent += 1
                }
                return
            }
            defer { churnerDone.store(true, ordering: .releasing) }
            // The churner: batches of handlers subscribed, some handed to the killers, the rest
            // cancelled here in a shuffled order, so lists grow, compact and empty mid-send.
            var random = CoreSplitMix64(seed: 15)
            for batch in 0..<(rounds / 10) {
                var mine: [(EventSubscription, Probe)] = []
                for index in 0..<24 {
                    let probe = Probe(id: probeIds.add(1, ordering: .relaxed).newValue)
                    if index % 6 == 0 {
                        let kept = index == 0 && batch % 4 == 0
                        let subscription = event.once { _, tally in shared.called(probe, by: tally) }
                        onceProbes.withLock { $0.append((probe, kept)) }
                        if !kept { mine.append((subscription, probe)) }
                    } else {
                        let subscription = event.subscribe { _, tally in shared.called(probe, by: tally) }
                        if index % 3 == 0 {
                            shared.victims.withLock { $0.append((subscription, probe)) }
                        } else {
                            mine.append((subscription, probe))
                        }
                    }
                }
                while !mine.isEmpty {
                    let (subscription, probe) = mine.remove(at: random.below(mine.count))
                    subscription.cancel()
                    probe.cancelledAt.store(shared.tick(), ordering: .releasing)
                }
            }
        }
        send(depth: 0)  // every kept one-shot handler was subscribed before this send

        #expect(shared.violationCount.load(ordering: .relaxed) == 0)
        #expect(shared.violations.withLock { $0 } == [])
        // The mix really happened (a test that exercised nothing would pass too).
        #expect(shared.cancelledMidSend.load(ordering: .relaxed) > 100)
        #expect(shared.nestedSends.load(ordering: .relaxed) > 100)
        let once = onceProbes.withLock { $0 }
        #expect(once.allSatisfy { $0.probe.calls.load(ordering: .relaxed) <= 1 }, "a one-shot handler ran twice")
        #expect(once.filter(\.kept).allSatisfy { $0.probe.calls.load(ordering: .relaxed) == 1 }, "a kept one-shot handler never ran")
        // Only the permanent handlers, the victims nobody cancelled and the one-shot handlers
        // that have not run yet (none: the last send ran the kept ones) are left.
        let victimsLeft = shared.victims.withLock { $0.count }
        #expect(event.subscriberCount == permanentCount + victimsLeft)
    }

    /// Sends nested deeper than a thread's first block of hazard slots (13) take overflow slots;
    /// a handler cancelled at the deepest level is skipped by every outer send still running.
    @Test func sendsNestedFortyDeepKeepTheRules() {
        let event = Event<Void, Int>()
        let depths = Guarded<[Int]>([])
        let late = Guarded<[Int]>([])
        let lateSubscription = Guarded<EventSubscription?>(nil)
        event += { _, depth in
            depths.withLock { $0.append(depth) }
            if depth < 40 {
                event.send((), depth + 1)
            } else {
                _ = lateSubscription.withLock { $0 }?.cancel()
            }
        }
        let subscription = event.subscribe { _, depth in late.withLock { $0.append(depth) } }
        lateSubscription.withLock { $0 = subscription }
        event.send((), 0)
        #expect(depths.withLock { $0 } == Array(0...40))
        // Cancelled at depth 40, before any send reached it: no level calls it.
        #expect(late.withLock { $0 } == [])
        event.send((), 40)
        #expect(depths.withLock { $0.count } == 42)
    }

    @Test func decisionsStopByTheirRuleWhileHandlersComeAndGo() {
        let decision = Decision<Void, Int, Bool>.all()
        let violations = Guarded<Int>(0)
        // A refusing handler sits between two allowing ones: every ask stops there.
        decision += { _, _ in true }
        decision += { _, _ in false }
        decision += { _, _ in
            violations.withLock { $0 += 1 }
            return true
        }
        coreRunOnThreads(3) { thread in
            for round in 0..<2_000 {
                if thread == 0 {
                    let subscription = decision.subscribe { _, _ in
                        violations.withLock { $0 += 1 }
                        return true
                    }
                    subscription.cancel()
                } else if decision.ask((), round) {
                    violations.withLock { $0 += 1 }
                }
            }
        }
        #expect(violations.withLock { $0 } == 0)
    }
}
