#if os(Linux)
import Foundation
import Testing

/// A scenario run in a child process: for what must not happen in the test runner itself —
/// changing a process-wide setting (signal dispositions, the descriptor limit), or a bug that
/// hangs or kills the process.
///
/// ## Mechanism
/// The parent runs the test binary again (`/proc/self/exe`) as a Swift Testing run filtered to
/// the single test `ChildProcessScenarioHost`, with the scenario's name in the environment
/// variable `ONKIT_CHILD_SCENARIO`. In the child, that test runs the scenario on its thread,
/// prints one verdict line and ends the process with `_exit` (no report, no atexit handlers).
/// Anywhere else the host test finds no variable and does nothing.
///
/// The parent waits at most `timeout` seconds, then kills the child with `SIGKILL` (a scenario
/// may have subscribed `SIGTERM`) and fails. No verdict line (a crash, a filter that matched
/// nothing) fails too, as does a thread-sanitizer report in the child's output: under
/// `swift test --sanitize=thread` the child is the same instrumented binary.
struct ChildScenario: Sendable {
    /// The environment variable that names the scenario to run.
    static let variable = "ONKIT_CHILD_SCENARIO"

    let name: String
    /// Runs in the child; returns what went wrong (nothing: passed).
    let body: @Sendable () -> [String]

    /// Every scenario, for the child to find by name.
    static var all: [ChildScenario] {
        [
            .childStatusesSurviveSubscribingToSIGCHLD, .eachSignalRunsTheHandlerOnce, .runningOutOfDescriptors,
            .foundationXMLCrashesOnAnInvalidUTF8AttributeName, .redirectReplyDroppedAfterInvalidation,
            .mainActorEventSentOffTheMainActor, .mainActorDecisionAskedOffTheMainActor,
            .deadHostsValuesGoInAQuietProcess, .ownerDeinitEndsLifetimeDuringSubscribes, .lockTakenAgainOnItsThread,
            .stopThatEndsItsOwnSource, .mainActorSignalAndDescriptorForms, .mainQueueNotificationPostedOnTheMainActor,
            .mainActorTimerUnderDispatchMain, .mainActorChangeWithEveryPoolThreadBlocked,
        ]
    }
}

/// Runs `scenario` in a child process; records an issue for each failure it reports, a
/// crash, or a child still running after `timeout` seconds.
///
/// With `expectingCrash`, the scenario passes only if the child is killed by a signal before it
/// gives a verdict: for documenting a crash that is not OnKit's (a Foundation bug), so that the
/// test fails, and the documentation gets updated, the day it no longer crashes. With
/// `crashMessage` too, the child's output must contain it: for a documented stop of OnKit's own.
func runInChildProcess(
    _ scenario: ChildScenario,
    timeout: Double = 20,
    expectingCrash: Bool = false,
    crashMessage: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) async throws {
    let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    let log = URL(fileURLWithPath: NSTemporaryDirectory())
        .appendingPathComponent("onkit-scenario-\(UUID().uuidString).log")
    try #require(FileManager.default.createFile(atPath: log.path, contents: nil))
    defer { try? FileManager.default.removeItem(at: log) }
    let output = try FileHandle(forWritingTo: log)
    defer { try? output.close() }

    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["--testing-library", "swift-testing", "--filter", "ChildProcessScenarioHost"]
    var environment = ProcessInfo.processInfo.environment
    environment[ChildScenario.variable] = scenario.name
    // A crash ends the child at once: Swift's backtracer would otherwise attach to it, which under
    // the thread sanitizer left the child's end unseen and the parent waiting forever.
    environment["SWIFT_BACKTRACE"] = "enable=no"
    process.environment = environment
    process.standardOutput = output
    process.standardError = output
    try process.run()

    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning, Date() < deadline {
        try await Task.sleep(nanoseconds: 10_000_000)
    }
    let timedOut = process.isRunning
    if timedOut { kill(process.processIdentifier, SIGKILL) }
    // Bounded, not `waitUntilExit()`: that spins forever if Foundation never sees the child end.
    let reapDeadline = Date().addingTimeInterval(10)
    while process.isRunning, Date() < reapDeadline {
        try await Task.sleep(nanoseconds: 10_000_000)
    }
    if process.isRunning {
        Issue.record("scenario \(scenario.name): its end was never seen", sourceLocation: sourceLocation)
        return
    }

    let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    let lastLines = text.split(separator: "\n").suffix(20).joined(separator: "\n")
    if timedOut {
        Issue.record("scenario \(scenario.name) still running after \(timeout) s: killed\n\(lastLines)",
            sourceLocation: sourceLocation)
        return
    }
    if expectingCrash {
        if process.terminationReason != .uncaughtSignal || text.contains(passedMark) {
            Issue.record("scenario \(scenario.name) was expected to crash, and did not:\n\(lastLines)",
                sourceLocation: sourceLocation)
        }
        if let crashMessage, !text.contains(crashMessage) {
            Issue.record("scenario \(scenario.name) crashed without printing \"\(crashMessage)\":\n\(lastLines)",
                sourceLocation: sourceLocation)
        }
        return
    }
    if text.contains("ThreadSanitizer") {
        Issue.record("thread sanitizer report in scenario \(scenario.name):\n\(text)", sourceLocation: sourceLocation)
    }
    let failures = text.split(separator: "\n").filter { $0.hasPrefix(failedMark) }
    for failure in failures {
        Issue.record("\(scenario.name): \(failure.dropFirst(failedMark.count))", sourceLocation: sourceLocation)
    }
    guard failures.isEmpty else { return }
    if !text.contains(passedMark) || process.terminationStatus != 0 {
        let ending = process.terminationReason == .uncaughtSignal ? "killed by signal" : "exit status"
        Issue.record(
            "scenario \(scenario.name) gave no verdict (\(ending) \(process.terminationStatus)):\n\(lastLines)",
            sourceLocation: sourceLocation)
    }
}

private let passedMark = "ONKIT-SCENARIO-PASSED"
private let failedMark = "ONKIT-SCENARIO-FAILED: "

/// The child's side: runs the scenario named in the environment, if any.
@Suite struct ChildProcessScenarioHost {
    @Test func runsTheScenarioNamedInTheEnvironment() {
        guard let name = ProcessInfo.processInfo.environment[ChildScenario.variable] else {
            return  // in the test run itself: scenarios run only in their child process
        }
        guard let scenario = ChildScenario.all.first(where: { $0.name == name }) else {
            finish(failures: ["no scenario named \(name)"])
        }
        finish(failures: scenario.body())
    }

    private func finish(failures: [String]) -> Never {
        for failure in failures { print(failedMark + failure.replacingOccurrences(of: "\n", with: " ")) }
        if failures.isEmpty { print(passedMark) }
        fflush(nil)  // every stream: `stdout` itself is a global `var` Swift 6 will not read here
        _exit(failures.isEmpty ? 0 : 1)
    }
}

extension ChildScenario {
    /// Waits (in a child process, blocking its thread) until `condition` holds, at most
    /// `timeout` seconds; returns whether it held.
    static func wait(timeout: Double = 10, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() > deadline { return false }
            usleep(1_000)
        }
        return true
    }
}
#endif
