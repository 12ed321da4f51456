#if os(Linux)
import Dispatch
import Foundation
import Testing
@testable import OnKit

/// Signal scenarios that change process-wide state or, broken, hang or kill the process: each
/// runs in a child process (see `ChildScenario`), so these can run in parallel with the rest.
@Suite struct SignalProcessTests {
    @Test func childExitStatusesSurviveConcurrentSIGCHLDSubscriptions() async throws {
        try await runInChildProcess(.childStatusesSurviveSubscribingToSIGCHLD)
    }

    @Test func eachSignalRunsTheHandlerOnceAndIsDeliveredOnce() async throws {
        try await runInChildProcess(.eachSignalRunsTheHandlerOnce)
    }

    @Test func subscribeWithoutFreeDescriptorsThrowsAndLeavesTheDisposition() async throws {
        try await runInChildProcess(.runningOutOfDescriptors)
    }
}

extension ChildScenario {
    /// A thread subscribes to SIGCHLD and cancels in a loop while children are spawned and
    /// waited for: every `waitpid` must find its child and its exit status.
    static let childStatusesSurviveSubscribingToSIGCHLD = ChildScenario(
        name: "childStatusesSurviveSubscribingToSIGCHLD"
    ) {
        let stop = Flag()
        let churned = Counter()
        let subscribeFailures = Recorder<String>()
        let churn = Thread {
            while !stop.isSet {
                do {
                    try Signal.childStatusChanged.received { _ in }.cancel()
                    churned.increment()
                } catch {
                    subscribeFailures.append("\(error)")
                    break
                }
            }
            stop.finish()
        }
        churn.start()
        _ = wait { churned.value > 0 || !subscribeFailures.values.isEmpty }
        let outcomes = (0..<100).map { _ in spawnShell("exit 7") }
        stop.set()
        _ = wait { stop.isFinished }

        var failures = subscribeFailures.values.map { "subscribe threw: \($0)" }
        let wrong = outcomes.filter { $0 != .exited(7) }
        if !wrong.isEmpty {
            failures.append("\(wrong.count) of 100 children lost their status 7: \(Set(wrong))")
        }
        if churned.value < 10 { failures.append("only \(churned.value) subscribe/cancel rounds ran") }
        return failures
    }

    /// Two extra threads accept SIGUSR1 and count how often a handler interrupts them. Each
    /// signal is sent to the first thread only (`pthread_kill`): it must run the OnKit handler
    /// there once, and reach the subscriber once. A handler that re-sends the signal to the
    /// process interrupts the second thread too.
    static let eachSignalRunsTheHandlerOnce = ChildScenario(name: "eachSignalRunsTheHandlerOnce") {
        let stop = Flag()
        let sleepers = (0..<2).map { _ in Sleeper(accepting: SIGUSR1, until: stop) }
        guard wait(until: { sleepers.allSatisfy { $0.thread != nil } }) else { return ["threads not started"] }
        let deliveries = Counter()
        do {
            _ = try Signal.user1.received { _ in deliveries.increment() }
        } catch {
            return ["subscribe threw: \(error)"]
        }
        let sent = 100
        for index in 1...sent {
            // Non-nil: the wait above saw it.
            pthread_kill(sleepers[0].thread!, SIGUSR1)
            guard wait(until: { deliveries.value >= index }) else {
                return ["signal \(index) of \(sent) not delivered"]
            }
        }
        usleep(200_000)  // lets stray re-sent signals arrive
        stop.set()
        var failures: [String] = []
        if deliveries.value != sent { failures.append("\(deliveries.value) deliveries for \(sent) signals") }
        let (first, second) = (sleepers[0].interruptions.value, sleepers[1].interruptions.value)
        if first > sent || second > 0 {
            failures.append(
                "\(sent) signals sent to one thread interrupted it \(first) times and another thread "
                    + "\(second) times: re-sent")
        }
        return failures
    }

    /// `subscribe` with no descriptor left: throws, leaves the disposition; once the pipe is
    /// open, later watches need no descriptor.
    static let runningOutOfDescriptors = ChildScenario(name: "runningOutOfDescriptors") {
        var failures: [String] = []
        // Dispatch's event loop up first: its own descriptors are not what this tests.
        let warmedUp = DispatchSemaphore(value: 0)
        DispatchQueue(label: "warm-up").asyncAfter(deadline: .now() + 0.01) { warmedUp.signal() }
        warmedUp.wait()

        let before = disposition(of: SIGTERM)
        var fillers = exhaustDescriptors()
        var wronglyStarted: EventSubscription?
        do throws(SignalError) {
            wronglyStarted = try Signal.terminate.received { _ in }
            failures.append("subscribe returned with no descriptor left")
        } catch {
            if error != .cannotWatch(SIGTERM, errno: EMFILE) {
                failures.append("threw \(error), not cannotWatch(SIGTERM, EMFILE)")
            }
            if !error.description.contains("Too many open files") {
                failures.append("unclear error: \(error)")
            }
        }
        if disposition(of: SIGTERM) != before {
            failures.append("the failed subscribe changed the disposition of SIGTERM")
        }
        wronglyStarted?.cancel()
        if SignalRegistry.shared.watchedSignalCount != 0 { failures.append("a failed watch was kept") }
        release(&fillers)

        // With descriptors again: the watch works, and SIGTERM no longer ends the process.
        let terminations = Counter()
        guard let terminate = try? Signal.terminate.received({ _ in terminations.increment() }) else {
            return failures + ["subscribe failed with descriptors free"]
        }
        kill(getpid(), SIGTERM)
        if !wait(until: { terminations.value == 1 }) { failures.append("SIGTERM not delivered") }

        // Out of descriptors again: a new watch needs none now.
        fillers = exhaustDescriptors()
        let user2 = Counter()
        do {
            let subscription = try Signal.user2.received { _ in user2.increment() }
            kill(getpid(), SIGUSR2)
            if !wait(until: { user2.value == 1 }) { failures.append("SIGUSR2 not delivered with no descriptor left") }
            subscription.cancel()
        } catch {
            failures.append("second watch threw with no descriptor left: \(error)")
        }
        release(&fillers)
        terminate.cancel()
        if disposition(of: SIGTERM) != before { failures.append("SIGTERM's disposition not restored") }
        return failures
    }
}

/// What became of a child process.
private enum ChildOutcome: Hashable {
    case exited(Int32)
    case killedBySignal(Int32)
    case waitFailed(errno: Int32)
    case spawnFailed(Int32)
}

/// Runs `/bin/sh -c command` and waits for it with `waitpid`.
private func spawnShell(_ command: String) -> ChildOutcome {
    let arguments = ["/bin/sh", "-c", command]
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
    argv.append(nil)
    defer { for argument in argv { free(argument) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, "/bin/sh", nil, nil, &argv, environ)
    guard spawned == 0 else { return .spawnFailed(spawned) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 {
        guard errno == EINTR else { return .waitFailed(errno: errno) }
    }
    // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import (macros).
    return status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .killedBySignal(status & 0x7f)
}

/// Lowers the soft descriptor limit to 256 and opens `/dev/null` until none is left; returns
/// the descriptors opened.
private func exhaustDescriptors() -> [Int32] {
    var limit = rlimit()
    getrlimit(descriptorLimit, &limit)
    limit.rlim_cur = min(limit.rlim_cur, 256)
    setrlimit(descriptorLimit, &limit)
    var opened: [Int32] = []
    opened.reserveCapacity(256)  // no allocation needing a descriptor later
    while opened.count < 256 {
        let descriptor = open("/dev/null", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { break }
        opened.append(descriptor)
    }
    return opened
}

/// Closes `descriptors`.
private func release(_ descriptors: inout [Int32]) {
    for descriptor in descriptors { close(descriptor) }
    descriptors = []
}

private let descriptorLimit = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)

/// A thread that accepts one signal and sleeps until `stop` is set, counting how often a
/// signal handler interrupted its sleep.
private final class Sleeper: Sendable {
    let interruptions = Counter()
    private let started = Recorder<pthread_t>()

    /// The thread, once it accepts the signal.
    var thread: pthread_t? { started.values.first }

    init(accepting number: Int32, until stop: Flag) {
        Thread { [started, interruptions] in
            // Created from a Dispatch thread, which blocks signals: accept this one here.
            var accepted = sigset_t()
            sigemptyset(&accepted)
            sigaddset(&accepted, number)
            pthread_sigmask(SIG_UNBLOCK, &accepted, nil)
            started.append(pthread_self())
            while !stop.isSet {
                var second = timespec(tv_sec: 1, tv_nsec: 0)
                if nanosleep(&second, nil) == -1, errno == EINTR { interruptions.increment() }
            }
        }.start()
    }
}

/// A flag set by one thread and read by others, and whether the thread that watches it ended.
private final class Flag: Sendable {
    private let state = Recorder<String>()

    func set() { state.append("set") }
    func finish() { state.append("finished") }
    var isSet: Bool { state.values.contains("set") }
    var isFinished: Bool { state.values.contains("finished") }
}
#endif
