import Testing

/// A plain registration on a source that outlives every screen (a `LongLivedSender`'s: a
/// notification center, a repeating `DispatchTimer` or main-run-loop `Timer`, a signal, a descriptor's watch) is not
/// discardable: discarding it warns. The forms that end by themselves (`owner:`, `once`, `until`,
/// `DispatchTimer.after`, `Timer.on(after:)`) and every host-bound source stay discardable. Each snippet is compiled
/// against the built module, and its warnings counted.
///
/// On the old code (every registration `@discardableResult`) the first test finds no warning.
@Suite(.enabled(if: SnippetCompiler.isAvailable, SnippetCompiler.unavailableReason)) struct DiscardedRegistrationWarningTests {
    /// The "result … is unused" warnings of `body`, compiled with Foundation and OnKit.
    private func unusedResultWarnings(of body: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let source = """
            import Foundation
            import OnKit

            final class Screen: Sendable { func reload() {} }
            final class Thermostat: Sendable {
                let changed = Event<Thermostat, Double>()
            }
            @MainActor final class Button: MainActorBound {
                let tapped = Event<Button, Void>()
            }

            \(body)
            """
        let (compiled, output) = try SnippetCompiler.compile(source, sourceLocation: sourceLocation)
        #expect(compiled, "\(output)", sourceLocation: sourceLocation)
        return output.split(separator: "\n").filter { $0.contains(".swift:") && $0.contains("warning:") && $0.contains("is unused") }.map(String.init)
    }

    @Test func everyPlainFormOnALongLivedSourceWarnsWhenDiscarded() throws {
        let calls = [
            "center.on.notification(.zone) { }",
            "center.on.notification(.zone) { n in print(n.name) }",
            "center.on.notification(.zone) { c, n in print(n.name) }",
            "center.on.notification(.zone, on: MainActor.self) { }",
            "center.on.notification(.zone, on: MainActor.self) { n in print(n.name) }",
            "center.on.notification(.zone).subscribe { }",
            "center.on.notification(.zone).subscribe { n in print(n.name) }",
            "center.on.notification(.zone).subscribe { c, n in print(n.name) }",
            "center.on.notification(.zone)(  { n in print(n.name) })",
            "center.on.notification(.zone) += { n in print(n.name) }",
            "center.on.notification(.zone, on: MainActor.self).subscribe { n in print(n.name) }",
            "center.on.notification(.zone, on: MainActor.self) += { }",
            "try DispatchTimer.every(1) { }",
            "try DispatchTimer.every(1) { timer in print(timer) }",
            "try DispatchTimer.every(1, on: MainActor.self) { }",
            "try DispatchTimer.every(1).fired { }",
            "try DispatchTimer.every(1).fired { timer in print(timer) }",
            "try Signal.user1.received { }",
            "try Signal.user1.received { signal in print(signal) }",
            "try Signal.user1.received(on: MainActor.self) { }",
            "try FileDescriptorEvents.readable(0) { }",
            "try FileDescriptorEvents.readable(0) { bytes in print(bytes) }",
            "try FileDescriptorEvents.readable(0, on: MainActor.self) { }",
            "try Timer.on(every: 1, on: MainActor.self) { }",
            "try Timer.on(every: 1, on: MainActor.self) { timer in print(timer) }",
        ]
        let body = """
            extension Notification.Name { static let zone = Notification.Name("zone") }
            @MainActor func register(center: NotificationCenter) throws {
            \(calls.joined(separator: "\n"))
            }
            """
        let warnings = try unusedResultWarnings(of: body)
        #expect(warnings.count == calls.count, "\(warnings.joined(separator: "\n"))")
    }

    @Test func formsThatEndByThemselvesAndHostBoundSourcesDoNotWarn() throws {
        let warnings = try unusedResultWarnings(of: """
            extension Notification.Name { static let zone = Notification.Name("zone") }
            @MainActor func register(center: NotificationCenter, screen: Screen, thermostat: Thermostat, button: Button) throws {
                center.on.notification(.zone).subscribe(owner: screen) { screen in screen.reload() }
                center.on.notification(.zone)(owner: screen) { screen, notification in screen.reload() }
                center.on.notification(.zone).once { }
                center.on.notification(.zone).until { true }
                center.on.notification(.zone, on: MainActor.self).subscribe(owner: screen) { screen in screen.reload() }
                center.on.notification(.zone, on: MainActor.self).once { n in print(n.name) }
                try DispatchTimer.after(1) { }
                try DispatchTimer.after(1, on: MainActor.self) { }
                try Timer.on(after: 1, on: MainActor.self) { }
                try DispatchTimer.every(1).fired(owner: screen) { screen in screen.reload() }
                try Signal.user1.received(owner: screen, on: MainActor.self) { screen in screen.reload() }
                thermostat.changed { celsius in print(celsius) }
                thermostat.changed += { celsius in print(celsius) }
                button.tapped { }
                button.tapped += { button in print(button) }
                let lifetime = Lifetime()
                center.on.notification(.zone) { }.store(in: lifetime)
            }
            """)
        #expect(warnings.isEmpty, "\(warnings.joined(separator: "\n"))")
    }

    /// `_ =` silences the warning (and keeps the handler): Troubleshooting says so.
    @Test func anUnderscoreSilencesIt() throws {
        let warnings = try unusedResultWarnings(of: """
            func register(center: NotificationCenter) {
                _ = center.on.notification(nil) { }
            }
            """)
        #expect(warnings.isEmpty)
    }
}
