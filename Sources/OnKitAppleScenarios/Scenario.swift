// Scenarios of OnKit's UIKit and AppKit behaviour against real UIKit and AppKit objects: the
// bodies live here, in a library target, so that apple-typecheck type-checks them for iOS and
// macOS on every CI run; Tests/OnKitAppleTests runs them on Apple platforms. On Linux this
// target compiles to almost nothing. None of them has run yet: they wait for a hosted Mac.
//
// Layout: `Scenario` (this file); `AppleScenarios.all` lists every scenario
// (AppleScenarios.swift); one file per area under UIKit/ and AppKit/, named for the issue items
// they check (issue 22: items 1–10).

/// One run-time check of OnKit against real platform objects: a name, the issue item it checks,
/// and a body that throws `ScenarioFailure` when OnKit does not behave as the platform does.
public struct Scenario: Sendable, CustomStringConvertible {
    /// What it checks, as a sentence.
    public let name: String
    /// The item of issue 22 (or 24) it checks, as `"22.8"`.
    public let item: String
    /// Runs it on the main actor; throws `ScenarioFailure` on a failed expectation.
    public let run: @MainActor @Sendable () throws -> Void

    /// A scenario named `name` for `item`.
    public init(_ item: String, _ name: String, run: @escaping @MainActor @Sendable () throws -> Void) {
        self.item = item
        self.name = name
        self.run = run
    }

    /// `"22.8: name"`.
    public var description: String { "\(item): \(name)" }
}

/// A failed expectation of a scenario, with what was expected.
public struct ScenarioFailure: Error, CustomStringConvertible {
    /// What was expected and did not happen.
    public let description: String
    /// Where.
    public let line: Int
}

/// Throws `ScenarioFailure(message)` unless `condition` holds.
func expect(_ condition: Bool, _ message: @autoclosure () -> String, line: Int = #line) throws {
    if !condition { throw ScenarioFailure(description: message(), line: line) }
}
