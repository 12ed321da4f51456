import Foundation
import OnKit
import Synchronization
import Testing

/// A local source's retired handlers are reclaimed on that source's own thread, also when a
/// handler cancels itself during a send, while other threads write to its `Sendable` face as
/// hard as they can (issue 21, route 6). Run under the thread sanitizer too.
@Suite struct LocalEventReclamationTests {
    @Test func aHandlerThatCancelsItselfIsReleasedOnTheSendingThreadBeforeTheSendReturns() async {
        let rounds = 10_000  // on the old single store, about 1 in 1,000 went to a writer's thread
        let released = ReleaseThreads()
        let (late, sendingThread) = await onNewThread { () -> Int in
            final class Source { let changed = LocalEvent<Source, Int>() }
            let source = Source()
            let shared = source.changed.shared
            let stop = StopFlag()
            let writers = (0..<2).map { _ in
                Thread {
                    // Subscribes and cancels on the shared face: every cancel collects garbage.
                    while !stop.isSet { shared.subscribe { _, _ in }.cancel() }
                }
            }
            for writer in writers { writer.start() }
            var late = 0
            var calls = 0
            for _ in 0..<rounds {
                var subscription: LocalSubscription?
                do {  // the handler holds the only reference to the probe
                    let probe = DeinitProbe { released.record() }
                    subscription = source.changed { _ in
                        withExtendedLifetime(probe) {}
                        calls += 1
                        subscription?.cancel()  // during the send: retired, released at its exit
                    }
                }
                let before = released.values.count
                source.changed.send(source, 1)
                if released.values.count != before + 1 { late += 1 }
                subscription = nil
            }
            stop.set()
            return calls == rounds ? late : -1
        }
        #expect(late == 0)
        #expect(released.values.count == rounds)
        #expect(released.values.allSatisfy { $0 == sendingThread })
    }

    /// The same for a one-shot handler, and for `removeAll()` during a send.
    @Test func oneShotAndRemovedHandlersAreReleasedOnTheSendingThread() async {
        let released = ReleaseThreads()
        let (_, sendingThread) = await onNewThread {
            let event = LocalEvent<Void, Int>()
            do {  // the handlers hold the only references to the probes
                let probe = DeinitProbe { released.record() }
                event.once { _ in withExtendedLifetime(probe) {} }
                event { _ in event.removeAll() }
                let other = DeinitProbe { released.record() }
                event { _ in withExtendedLifetime(other) {} }
            }
            event.send((), 1)
            #expect(released.values.count == 2)  // before the send returned
            return ()
        }
        #expect(released.values == [sendingThread, sendingThread])
    }
}

/// A flag other threads poll.
private final class StopFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    var isSet: Bool { flag.load(ordering: .relaxed) }
    func set() { flag.store(true, ordering: .relaxed) }
}
