import Dispatch
import Foundation
import Synchronization
@testable import OnKit
import Testing

/// What `values` keeps while its loop is busy: every call by default, in order per sending
/// thread; a bounded policy holds at most its bound alive.
@Suite struct EventValuesBufferingTests {
    @Test func aSlowLoopReceivesEveryCallFromEveryThreadInOrderPerThread() async {
        let event = Event<Void, Int>()
        let threads = 4, perThread = 25_000
        let values = event.values
        let sending = DispatchGroup()
        for thread in 0..<threads {
            DispatchQueue.global().async(group: sending) {
                for index in 0..<perThread { event.send(thread * perThread + index) }
            }
        }
        var lastOfThread = [Int](repeating: -1, count: threads)
        var received = 0, outOfOrder = 0
        for await value in values {
            let thread = value / perThread, index = value % perThread
            if index <= lastOfThread[thread] { outOfOrder += 1 }
            lastOfThread[thread] = index
            received += 1
            if received % 2_000 == 0 { await Task.yield() }  // a loop slower than its senders
            if received == threads * perThread { break }
        }
        sending.wait()
        #expect(received == threads * perThread, "calls were dropped")
        #expect(outOfOrder == 0, "a thread's calls came out of order")
        #expect(lastOfThread == [Int](repeating: perThread - 1, count: threads))
    }

    @Test(arguments: [BoundedPolicy.newest, .oldest])
    func aBoundedBufferHoldsAtMostItsBoundAlive(_ policy: BoundedPolicy) async {
        let event = Event<Void, CountedValue>()
        let bound = 8
        let alive = LiveCount()
        var iterator = event.values(bufferingPolicy: policy.policy(bound)).makeAsyncIterator()
        for index in 0..<20_000 {
            alive.increment()
            event.send(CountedValue(index) { alive.decrement() })
        }
        #expect(alive.value == bound, "the buffer kept \(alive.value) calls alive, not \(bound)")
        var first: Int?
        for _ in 0..<bound {
            let taken = await iterator.next()
            first = first ?? taken?.index
        }
        #expect(first == policy.firstKept(of: 20_000, bound: bound))
        #expect(alive.value == 0, "\(alive.value) calls the loop took are still held by the buffer")
        withExtendedLifetime(iterator) {}
    }

    @Test func anUnboundedBufferReleasesWhatItsLoopTook() async {
        let event = Event<Void, CountedValue>()
        let alive = LiveCount()
        var iterator = event.values.makeAsyncIterator()
        for index in 0..<1_000 {
            alive.increment()
            event.send(CountedValue(index) { alive.decrement() })
        }
        for _ in 0..<1_000 { _ = await iterator.next() }
        #expect(alive.value == 0, "\(alive.value) calls the loop took are still held by the buffer")
        withExtendedLifetime(iterator) {}
    }

    #if DEBUG
    @Test func aStreamWarnsOnceItsBacklogPassesTheThreshold() {
        let event = Event<Void, Int>()
        let values = event.values
        let threshold = EventValuesBuffer<Int>.backlogWarningThreshold
        for value in 0..<threshold { event.send(value) }
        #expect(!values.hasWarnedOfBacklog, "warned at \(threshold) waiting calls")
        event.send(threshold)
        #expect(values.hasWarnedOfBacklog, "no warning past \(threshold) waiting calls")
    }
    #endif
}

/// The bounded policies, as test arguments.
enum BoundedPolicy: Sendable, CustomStringConvertible {
    case newest, oldest

    func policy<Element>(_ bound: Int) -> AsyncStream<Element>.Continuation.BufferingPolicy {
        switch self {
        case .newest: .bufferingNewest(bound)
        case .oldest: .bufferingOldest(bound)
        }
    }

    /// The first value a loop gets after `count` sends (0 up) while it waited.
    func firstKept(of count: Int, bound: Int) -> Int {
        switch self {
        case .newest: count - bound
        case .oldest: 0
        }
    }

    var description: String { self == .newest ? "bufferingNewest" : "bufferingOldest" }
}

/// How many `CountedValue`s are alive.
final class LiveCount: Sendable {
    private let count = Atomic<Int>(0)
    func increment() { count.add(1, ordering: .relaxed) }
    func decrement() { count.subtract(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}

/// A sendable value that reports its deinit.
final class CountedValue: Sendable {
    let index: Int
    private let onDeinit: @Sendable () -> Void

    init(_ index: Int, onDeinit: @escaping @Sendable () -> Void) {
        self.index = index
        self.onDeinit = onDeinit
    }

    deinit { onDeinit() }
}
