#if os(Linux)
import Dispatch
import Foundation
import Testing
@testable import OnKit

/// The main-actor forms of signals and descriptors, in a child process written as a
/// `main.swift` daemon would be: handlers that mutate main-actor state with no `assumeIsolated`.
/// Swift Testing's process runs the main actor as `dispatchMain()` does on Linux: the main queue
/// on a Dispatch worker thread, which blocks SIGHUP; the signal is sent to the process
/// (`kill(getpid(), …)`), so only a thread that takes it can deliver it.
@Suite struct MainActorSignalAndDescriptorTests {
    @Test func mainActorSignalAndDescriptorHandlersMutateMainActorState() async throws {
        try await runInChildProcess(.mainActorSignalAndDescriptorForms)
    }

    @Test func aMainActorFoundationTimerFiresWithoutARunningRunLoop() async throws {
        try await runInChildProcess(.mainActorTimerUnderDispatchMain)
    }

    @Test func aNotificationPostedOnTheMainActorReachesMainQueueObserversWithoutDeadlock() async throws {
        try await runInChildProcess(.mainQueueNotificationPostedOnTheMainActor)
    }
}

/// The daemon's state: the main actor's.
@MainActor private final class DaemonState {
    var reloads = 0
    var bytesRead = 0
    var ownerCalls = 0
    var notifications = 0
    var ticks = 0
}

@MainActor private let daemon = DaemonState()

extension ChildScenario {
    static let mainActorSignalAndDescriptorForms = ChildScenario(name: "mainActorSignalAndDescriptorForms") {
        let reloads = Counter(), reads = Counter(), ownerCalls = Counter(), bytes = Recorder<Int>()
        let handlerThreads = Recorder<String>()
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return ["pipe failed"] }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        let owner = Door("daemon")
        var subscriptions: [EventSubscription] = []
        do {
            subscriptions.append(try Signal.hangUp.received(on: MainActor.self) {
                daemon.reloads += 1
                reloads.increment()
                handlerThreads.append(describeThisThread())
            })
            subscriptions.append(try Signal.hangUp.received(owner: owner, on: MainActor.self) { _, signal in
                if signal == .hangUp { daemon.ownerCalls += 1 }
                ownerCalls.increment()
            })
            subscriptions.append(try FileDescriptorEvents.readable(readEnd, on: MainActor.self) { availableBytes in
                var buffer = [UInt8](repeating: 0, count: max(availableBytes, 16))
                let count = read(readEnd, &buffer, buffer.count)
                if count > 0 { daemon.bytesRead += count }
                bytes.append(count)
                reads.increment()
            })
        } catch {
            return ["subscribe threw: \(error)"]
        }
        // Where the main actor runs here, and whether it blocks SIGHUP: the `dispatchMain()` case.
        let mainActorThread = Recorder<String>()
        DispatchQueue.main.async { mainActorThread.append(describeThisThread()) }
        _ = wait { mainActorThread.count == 1 }
        print("main actor runs on: \(mainActorThread.values.first ?? "?")")

        var failures: [String] = []
        for index in 1...3 {
            kill(getpid(), SIGHUP)
            if !wait(until: { reloads.value >= index && ownerCalls.value >= index }) {
                failures.append("SIGHUP \(index) never reached the main-actor handlers")
                break
            }
        }
        print("SIGHUP handlers ran on: \(Set(handlerThreads.values))")
        let text = Array("hello, daemon\n".utf8)
        _ = text.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
        if !wait(until: { bytes.values.reduce(0) { $0 + max($1, 0) } == text.count }) {
            failures.append("the main-actor reader got \(bytes.values), not \(text.count) bytes")
        }
        close(writeEnd)  // end of file: one call with 0, then none
        if !wait(until: { bytes.values.last == 0 }) { failures.append("end of file never reached the reader") }
        let counted = Recorder<[Int]>()
        DispatchQueue.main.async {
            MainActor.assumeIsolated {
                counted.append([daemon.reloads, daemon.ownerCalls, daemon.bytesRead])
            }
        }
        _ = wait { counted.count == 1 }
        if counted.values.first != [3, 3, text.count] {
            failures.append("main-actor state is \(counted.values), not [3, 3, \(text.count)]")
        }
        for subscription in subscriptions { subscription.cancel() }
        close(readEnd)
        withExtendedLifetime(owner) {}
        return failures
    }

    /// A post made on the main actor, observed with `queue: .main` and with `on: MainActor.self`:
    /// before the fix, the `queue: .main` observer handed the post to the main queue and waited
    /// for it, from the main queue itself (Linux's `OperationQueue.current` is nil there): a
    /// deadlock, which this scenario reports after its wait.
    static let mainQueueNotificationPostedOnTheMainActor = ChildScenario(
        name: "mainQueueNotificationPostedOnTheMainActor"
    ) {
        let center = NotificationCenter()
        let name = Notification.Name("OnKitTests.mainQueuePost")
        let onQueue = Counter(), onMainActor = Counter(), posted = Counter()
        let queueObserver = center.on.notification(name, queue: .main) { onQueue.increment() }
        let actorObserver = center.on.notification(name, on: MainActor.self) {
            daemon.notifications += 1
            onMainActor.increment()
        }
        DispatchQueue.main.async {
            center.post(name: name, object: nil)
            posted.increment()
        }
        guard wait(until: { posted.value == 1 }) else {
            return ["a post on the main actor never returned (deadlock): queue observer ran \(onQueue.value) times"]
        }
        var failures: [String] = []
        if onQueue.value != 1 { failures.append("the queue: .main observer ran \(onQueue.value) times, not once") }
        if onMainActor.value != 1 { failures.append("the main-actor observer ran \(onMainActor.value) times, not once") }
        queueObserver.cancel()
        actorObserver.cancel()
        return failures
    }
}

extension ChildScenario {
    /// `Timer.on(every:on: MainActor.self)` where nothing runs `RunLoop.main`, as under
    /// `dispatchMain()`: it must fire (before, it never did on Linux), and stop when invalidated.
    static let mainActorTimerUnderDispatchMain = ChildScenario(name: "mainActorTimerUnderDispatchMain") {
        let ticks = Counter()
        let made = Recorder<TimerBox>()
        DispatchQueue.main.async {
            MainActor.assumeIsolated {
                let timer = try? Timer.on(every: 0.02, on: MainActor.self) {
                    daemon.ticks += 1
                    ticks.increment()
                }
                made.append(TimerBox(timer: timer))
            }
        }
        guard wait(until: { made.count == 1 }) else { return ["the main queue never ran"] }
        guard wait(until: { ticks.value >= 3 }) else {
            return ["the main-actor timer fired \(ticks.value) times with no run loop running"]
        }
        let stopped = Counter()
        DispatchQueue.main.async {
            MainActor.assumeIsolated { made.values.first?.timer?.on.invalidate() }
            stopped.increment()
        }
        _ = wait { stopped.value == 1 }
        let afterStop = ticks.value
        usleep(200_000)  // lets a wrong fire happen; the verdict does not depend on its length
        return ticks.value == afterStop ? [] : ["the timer fired after on.invalidate()"]
    }
}

/// A timer handed across threads in a test (only its `on.invalidate()` is called, on the main actor).
private struct TimerBox: @unchecked Sendable {
    // @unchecked is sound: created and used on the main actor only; other threads only count.
    let timer: Timer?
}

/// "main thread" or "thread <tid>", and whether it blocks SIGHUP.
private func describeThisThread() -> String {
    var mask = sigset_t()
    pthread_sigmask(SIG_BLOCK, nil, &mask)
    let blocksHangUp = sigismember(&mask, SIGHUP) == 1
    let name = Thread.isMainThread ? "main thread" : "thread \(UInt(bitPattern: Int(bitPattern: pthread_self())))"
    return name + (blocksHangUp ? ", blocking SIGHUP" : "")
}
#endif
