import Dispatch
import Foundation
import Testing
@testable import OnKit

/// Real signals sent to the test process. Serialized: signal dispositions are process-wide.
/// Only SIGUSR1 and SIGUSR2 are sent; each test waits for its deliveries before cancelling, so
/// no signal is left pending when the default disposition (which ends the process) comes back.
@Suite(.serialized) struct SignalTests {
    @Test func everyHandlerGetsEachSignalExactlyOnce() async throws {
        let dispositionBefore = disposition(of: SIGUSR1)
        let received = (0..<3).map { _ in Recorder<Signal>() }
        let subscriptions = try received.map { recorder in
            try Signal.user1.received { signal in recorder.append(signal) }
        }
        for round in 1...3 {
            kill(getpid(), SIGUSR1)
            let delivered = await pollUntil { received.allSatisfy { $0.count == round } }
            #expect(delivered, "round \(round): \(received.map(\.count))")
        }
        await settle()
        #expect(received.map(\.values) == Array(repeating: [.user1, .user1, .user1], count: 3))
        for subscription in subscriptions { #expect(subscription.cancel()) }
        #expect(disposition(of: SIGUSR1) == dispositionBefore)
    }

    @Test func dispositionIsReplacedWhileSubscribedAndRestoredByTheLastCancel() async throws {
        let before = disposition(of: SIGUSR2)
        #expect(before == .default)
        let first = try Signal.user2.received { _ in }
        let second = try Signal.user2.received { _ in }
        #expect(disposition(of: SIGUSR2) != before)
        first.cancel()
        #expect(disposition(of: SIGUSR2) != before)  // one handler is left
        second.cancel()
        #expect(disposition(of: SIGUSR2) == before)
        #expect(SignalRegistry.shared.watchedSignalCount == 0)
    }

    @Test func resubscribingAfterTheLastCancelStillDelivers() async throws {
        for round in 1...3 {
            let received = Counter()
            let subscription = try Signal.user2.received { _ in received.increment() }
            kill(getpid(), SIGUSR2)
            #expect(await pollUntil { received.value == 1 }, "round \(round): signal not delivered")
            subscription.cancel()
            #expect(disposition(of: SIGUSR2) == .default)
        }
    }

    @Test func receivedIsAnEventWhoseDeliveriesCanBeAwaited() async throws {
        let owner = Tracked("owner")
        let owned = Recorder<String>()
        let ownerBound = try Signal.user2.received.subscribe(owner: owner) { owner, signal, _ in
            owned.append("\(owner.name) \(signal)")
        }
        var deliveries = try Signal.user2.received.values.makeAsyncIterator()
        kill(getpid(), SIGUSR2)
        #expect(await deliveries.next() != nil)
        #expect(await pollUntil { owned.count == 1 })
        #expect(owned.values == ["owner SIGUSR2"])
        #expect(ownerBound.cancel())
        deliveries = try Signal.user1.received.values.makeAsyncIterator()  // ends the SIGUSR2 stream
        #expect(await pollUntil { disposition(of: SIGUSR2) == .default }, "the last handler left")
    }

    @Test func cancelledHandlerIsNotCalledAndIsReleased() async throws {
        var captured: Tracked? = Tracked()
        weak let weakCaptured = captured
        let cancelledCalls = Counter()
        let keptCalls = Counter()
        let cancelled = try Signal.user1.received { [captured] _ in
            _ = captured
            cancelledCalls.increment()
        }
        let kept = try Signal.user1.received { _ in keptCalls.increment() }
        captured = nil
        #expect(cancelled.cancel())
        #expect(weakCaptured == nil)
        kill(getpid(), SIGUSR1)
        #expect(await pollUntil { keptCalls.value == 1 })
        await settle()
        #expect(cancelledCalls.value == 0)
        kept.cancel()
        #expect(SignalRegistry.shared.watchedSignalCount == 0)
    }

    @Test func concurrentSubscribesAndCancelsLeaveNothingBehind() {
        let before = disposition(of: SIGUSR2)
        DispatchQueue.concurrentPerform(iterations: 64) { _ in
            do {
                let subscription = try Signal.user2.received { _ in }
                #expect(disposition(of: SIGUSR2) != .default)  // subscribed: never the default
                #expect(subscription.cancel())
            } catch {
                Issue.record(error)
            }
        }
        #expect(disposition(of: SIGUSR2) == before)
        #expect(SignalRegistry.shared.watchedSignalCount == 0)
    }

    @Test func handlersRunInSubscriptionOrder() async throws {
        let order = Recorder<Int>()
        let subscriptions = try (1...4).map { index in
            try Signal.user1.received { _ in order.append(index) }
        }
        kill(getpid(), SIGUSR1)
        #expect(await pollUntil { order.count == 4 })
        #expect(order.values == [1, 2, 3, 4])
        for subscription in subscriptions { subscription.cancel() }
    }
}

// The README's signal snippet, verbatim; in this suite so that it is serialized with the others.
extension SignalTests {
    @Test func readmeSignalSnippet() async throws {
let reload = try Signal.user1.received { signal in
    print("\(signal) received: reloading")
}

        // Subscribed after the snippet's handler, so it runs after it.
        let delivered = Counter()
        let witness = try Signal.user1.received { _ in delivered.increment() }
kill(getpid(), SIGUSR1)                           // prints "SIGUSR1 received: reloading"

        #expect(await pollUntil { delivered.value == 1 })
        witness.cancel()
reload.cancel()                                   // the last handler restores the disposition

do {
    _ = try Signal(number: SIGKILL)
} catch {
    print(error)                                  // signal 9 (SIGKILL) cannot be caught, blocked or ignored
}

        #expect(disposition(of: SIGUSR1) == .default)
        #expect(
            "\(SignalError.cannotBeCaught(SIGKILL))"
                == "signal 9 (SIGKILL) cannot be caught, blocked or ignored"
        )
    }
}

/// Signal numbers need no process state: these run in parallel.
@Suite struct SignalNumberTests {
    @Test func knownSignalsHaveTheirNumbersAndNames() throws {
        #expect(Signal.interrupt.number == SIGINT)
        #expect(Signal.terminate.name == "SIGTERM")
        #expect(Signal.hangUp.description == "SIGHUP")
        #expect(try Signal(number: SIGUSR1) == .user1)
    }

    @Test(arguments: [0, -1, 65, 1000, Int32.min, Int32.max])
    func numbersOutOfRangeThrow(number: Int32) {
        #expect(throws: SignalError.outOfRange(number)) { try Signal(number: number) }
    }

    @Test func signalsThatCannotBeCaughtThrow() {
        #expect(throws: SignalError.cannotBeCaught(SIGKILL)) { try Signal(number: SIGKILL) }
        #expect(throws: SignalError.cannotBeCaught(SIGSTOP)) { try Signal(number: SIGSTOP) }
        #expect(SignalError.cannotBeCaught(SIGKILL).description.contains("SIGKILL"))
    }

    /// A handler on a queue cannot handle a fault: the faulting instruction would run again
    /// forever, and a crash would become a hang.
    @Test(arguments: [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGSYS])
    func faultSignalsAreRefused(number: Int32) {
        #expect(throws: SignalError.synchronousFault(number)) { try Signal(number: number) }
    }

    @Test func faultErrorNamesTheSignalAndSaysWhy() {
        let description = SignalError.synchronousFault(SIGSEGV).description
        #expect(description.contains("SIGSEGV"))
        #expect(description.contains("fault"))
    }

    #if os(Linux)
    @Test func signalsReservedByTheCLibraryThrow() {
        #expect(throws: SignalError.reservedBySystem(32)) { try Signal(number: 32) }
    }
    #endif
}

/// A signal's disposition as the kernel has it.
enum Disposition: Equatable {
    case `default`, ignore, handler
}

func disposition(of number: Int32) -> Disposition {
    var action = sigaction()
    sigaction(number, nil, &action)
    #if canImport(Glibc)
    let handler = action.__sigaction_handler.sa_handler
    #else
    let handler = action.__sigaction_u.__sa_handler
    #endif
    switch handler.map({ unsafeBitCast($0, to: Int.self) }) ?? 0 {
    case 0: return .default
    case 1: return .ignore
    default: return .handler
    }
}
