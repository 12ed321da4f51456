import Foundation
import OnKit
import Synchronization

/// Per-thread counters, each on its own 128-byte line, so that handlers on two threads share no
/// cache line through their work: what scales or not is the machinery they run on.
package final class PaddedCounters: Sendable {
    /// Ints per counter: 128 bytes.
    static let stride = 16
    // Sound without a lock: thread `t` only ever writes the counter at `t * stride`.
    private nonisolated(unsafe) let base: UnsafeMutablePointer<Int>

    package init(threads: Int) {
        base = .allocate(capacity: threads * Self.stride)
        base.initialize(repeating: 0, count: threads * Self.stride)
    }

    deinit { base.deallocate() }

    /// Adds one to thread `thread`'s counter.
    @inlinable
    package func bump(_ thread: Int) { address(thread).pointee &+= 1 }

    @usableFromInline
    package func address(_ thread: Int) -> UnsafeMutablePointer<Int> { base + thread * Self.stride }
}

/// One thread's share of a scaling run: `rounds` sends from thread `thread`.
package typealias ScalingBody = @Sendable (_ thread: Int, _ rounds: Int) -> Void

/// Throughput of one shared source from one thread and from two (issue 15), against a control
/// where the two threads share nothing.
package enum ScalingWorkloads {
    /// Handlers that bump the sending thread's own counter (the thread index is the argument).
    @inline(never)
    static func makeCounting(_ counters: PaddedCounters) -> Handler {
        { _, thread in counters.bump(thread) }
    }

    /// One `Event` with `handlers` plain handlers, sent on from every thread.
    package static func sharedEvent(handlers: Int) -> ScalingBody {
        let counters = PaddedCounters(threads: 2)
        let emitter = Emitter()
        let event = Event<Emitter, Int>()
        for _ in 0..<handlers { event.subscribe(makeCounting(counters)) }
        return { thread, rounds in
            for _ in 0..<rounds { event.send(emitter, thread) }
        }
    }

    /// One immutable `[closure]` shared by both threads (each call retains the closure's context).
    package static func sharedClosureArray(handlers: Int) -> ScalingBody {
        let counters = PaddedCounters(threads: 2)
        let emitter = Emitter()
        let array: [Handler] = (0..<handlers).map { _ in makeCounting(counters) }
        return { thread, rounds in
            for _ in 0..<rounds {
                for handler in array { handler(emitter, thread) }
            }
        }
    }

    /// The control: each thread loops over closures of its own; nothing is shared.
    package static func nothingShared(handlers: Int) -> ScalingBody {
        let counters = PaddedCounters(threads: 2)
        let emitter = Emitter()
        let arrays: [[Handler]] = (0..<2).map { _ in (0..<handlers).map { _ in makeCounting(counters) } }
        return { thread, rounds in
            let array = arrays[thread]
            for _ in 0..<rounds {
                for handler in array { handler(emitter, thread) }
            }
        }
    }

    /// Seconds for `threads` threads to each run `rounds` rounds of `body`, started together.
    package static func wallTime(threads: Int, rounds: Int, _ body: @escaping ScalingBody) -> Double {
        let ready = Atomic<Int>(0)
        let done = DispatchGroup()
        let start = Atomic<Bool>(false)
        for thread in 0..<threads {
            done.enter()
            let worker = Thread {
                ready.add(1, ordering: .relaxed)
                while !start.load(ordering: .acquiring) {}
                body(thread, rounds)
                done.leave()
            }
            worker.start()
        }
        while ready.load(ordering: .relaxed) < threads {}
        let began = DispatchTime.now().uptimeNanoseconds
        start.store(true, ordering: .releasing)
        done.wait()
        return Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9
    }

    /// Total throughput of two threads divided by one thread's: `2 × t(1) / t(2)`.
    package static func scaling(rounds: Int, _ body: @escaping ScalingBody) -> Double {
        let one = wallTime(threads: 1, rounds: rounds, body)
        let two = wallTime(threads: 2, rounds: rounds, body)
        return 2 * one / two
    }
}
