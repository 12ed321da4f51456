import Foundation
import OnKit
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 21's rows: what sends cost while garbage waits, what an early-stopping ask costs, and
/// what subscribe + cancel costs with many threads that have sent (alive, or exited).
package enum ReclamationWorkloads {
    /// `Event.send` to one plain handler while another thread's send is blocked in a handler of
    /// the same event, and a cancelled handler waits for it: what a send pays for the garbage.
    package static func sendWhileBlocked() -> Workload {
        Workload("OnKit send, 1 plain, a send blocked and a cancel waiting") {
            let sink = Sink()
            let emitter = Emitter()
            let event = Event<Emitter, Int>()
            let entered = DispatchSemaphore(value: 0)
            let first = Atomic<Bool>(true)
            event.subscribe { _, _ in
                // The first call blocks for the rest of the process (a modal run loop).
                if first.exchange(false, ordering: .relaxed) {
                    entered.signal()
                    DispatchSemaphore(value: 0).wait()
                }
            }
            let cancelled = event.subscribe(makeHandler(sink))
            Thread { event.send(emitter, 0) }.start()
            entered.wait()
            cancelled.cancel()  // pinned by the blocked send
            event.subscribe(makeHandler(sink))
            return { rounds in
                for round in 0..<rounds { event.send(emitter, round) }
                blackHole(sink.total)
            }
        }
    }

    /// The same event shape with nothing blocked or waiting: two handlers, the first a no-op.
    package static func sendUnblocked() -> Workload {
        Workload("OnKit send, 1 plain, nothing blocked") {
            let sink = Sink()
            let emitter = Emitter()
            let event = Event<Emitter, Int>()
            event.subscribe { _, _ in }
            event.subscribe(makeHandler(sink))
            return { rounds in
                for round in 0..<rounds { event.send(emitter, round) }
                blackHole(sink.total)
            }
        }
    }

    /// `Decision.ask` over 10 handlers whose first says no: it stops there.
    package static func askStoppingEarly() -> Workload {
        Workload("OnKit ask, 10 handlers, stops at the first") {
            let decision = Decision<Emitter, Int, Bool>.all()
            let emitter = Emitter()
            decision += { _, value in value < 0 }
            for _ in 0..<9 { decision += { _, value in value >= 0 } }
            return { rounds in
                var allowed = 0
                for round in 0..<rounds where decision.ask(emitter, round) { allowed += 1 }
                blackHole(allowed)
            }
        }
    }

    /// `Decision.ask` over 10 handlers that all say yes: every one is asked.
    package static func askingAll() -> Workload {
        Workload("OnKit ask, 10 handlers, asks all") {
            let decision = Decision<Emitter, Int, Bool>.all()
            let emitter = Emitter()
            for _ in 0..<10 { decision += { _, value in value >= 0 } }
            return { rounds in
                var allowed = 0
                for round in 0..<rounds where decision.ask(emitter, round) { allowed += 1 }
                blackHole(allowed)
            }
        }
    }

    /// Subscribe + cancel of one plain handler after `threads` threads sent once and exited.
    package static func subscribeCancel(afterExitedThreads threads: Int) -> Workload {
        Workload("OnKit subscribe + cancel, \(threads) exited threads") {
            let sink = Sink()
            let event = Event<Emitter, Int>()
            let emitter = Emitter()
            event.subscribe(makeHandler(sink))
            for _ in 0..<threads { joinThread { event.send(emitter, 0) } }
            let handler = makeHandler(sink)
            return { rounds in
                for _ in 0..<rounds { event.subscribe(handler).cancel() }
                blackHole(event)
            }
        }
    }

    /// Subscribe + cancel of one plain handler while `threads` threads that sent once are alive
    /// (parked for the rest of the process): a cancel scans the live threads' slots.
    package static func subscribeCancel(withLiveThreads threads: Int) -> Workload {
        Workload("OnKit subscribe + cancel, \(threads) live threads") {
            let sink = Sink()
            let event = Event<Emitter, Int>()
            let emitter = Emitter()
            event.subscribe(makeHandler(sink))
            let sent = DispatchSemaphore(value: 0)
            let park = DispatchSemaphore(value: 0)
            for _ in 0..<threads {
                let thread = Thread {
                    event.send(emitter, 0)
                    sent.signal()
                    park.wait()
                }
                thread.stackSize = 64 * 1024
                thread.start()
            }
            for _ in 0..<threads { sent.wait() }
            let handler = makeHandler(sink)
            return { rounds in
                for _ in 0..<rounds { event.subscribe(handler).cancel() }
                blackHole(event)
            }
        }
    }

    /// Runs `body` on a new thread and waits until that thread has ended.
    static func joinThread(_ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            done.signal()
        }
        thread.stackSize = 64 * 1024
        thread.start()
        done.wait()
        // The thread's key destructors run after `body`: wait until it is really gone.
        while !thread.isFinished { usleep(50) }
    }
}

/// How long after `cancel()` a cancelled handler's closure is released while other threads send
/// on its event continuously (issue 21: the maximum must stay under 100 ms).
package enum ReleaseLatency {
    /// Milliseconds from `cancel()` returning to the closure's release, for `count` cancels, with
    /// `senders` threads sending on the event all along.
    package static func measure(count: Int, senders: Int) -> [Double] {
        let sink = Sink()
        let emitter = Emitter()
        let event = Event<Emitter, Int>()
        for _ in 0..<10 { event.subscribe(makeHandler(sink)) }
        let stop = Atomic<Bool>(false)
        let running = DispatchSemaphore(value: 0)
        for _ in 0..<senders {
            Thread {
                running.signal()
                var round = 0
                while !stop.load(ordering: .relaxed) {
                    event.send(emitter, round)
                    round &+= 1
                }
            }.start()
        }
        for _ in 0..<senders { running.wait() }
        let releasedAt = Atomic<UInt64>(0)
        var latencies: [Double] = []
        latencies.reserveCapacity(count)
        /// Subscribes a handler holding the only reference to a probe that stamps its release.
        func subscribeProbe() -> EventSubscription {
            let probe = ReleaseProbe { releasedAt.store(DispatchTime.now().uptimeNanoseconds, ordering: .relaxed) }
            return event.subscribe { _, value in probe.touch(value) }
        }
        for _ in 0..<count {
            releasedAt.store(0, ordering: .relaxed)
            let subscription = subscribeProbe()
            usleep(200)  // let sends call it
            subscription.cancel()
            let cancelled = DispatchTime.now().uptimeNanoseconds
            var released = releasedAt.load(ordering: .relaxed)
            while released == 0 {
                usleep(50)
                released = releasedAt.load(ordering: .relaxed)
            }
            latencies.append(Double(released > cancelled ? released - cancelled : 0) / 1e6)
        }
        stop.store(true, ordering: .relaxed)
        return latencies.sorted()
    }
}

/// Runs `action` when released.
final class ReleaseProbe: Sendable {
    private let action: @Sendable () -> Void
    private let touched = Atomic<Int>(0)
    init(_ action: @escaping @Sendable () -> Void) { self.action = action }
    func touch(_ value: Int) { touched.store(value, ordering: .relaxed) }
    deinit { action() }
}
