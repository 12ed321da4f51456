import Foundation
import OnKit
import Testing

/// Troubleshooting's "result of call to … is unused": the warning it quotes, made by the code it
/// shows, and its fixes, run. On the old code (a discardable registration) the first test finds
/// no warning.
@Suite struct ArticleTroubleshootingLeakSnippetTests {
    @Test(.enabled(if: SnippetCompiler.isAvailable, SnippetCompiler.unavailableReason)) func theArticlesCodeWarnsWithTheQuotedMessage() throws {
        let result = try SnippetCompiler.compile("""
            import Foundation
            import OnKit

            extension Notification.Name { static let settingsChanged = Notification.Name("settingsChanged") }
            final class Screen: Sendable { func reload() {} }

            func listen(center: NotificationCenter, screen: Screen) {
            center.on.notification(.settingsChanged) { notification in
                screen.reload()                        // keeps the screen for good
            }
            center.on.notification(.settingsChanged).subscribe { notification in screen.reload() }
            }
            """)
        #expect(result.compiled, "\(result.output)")
        #expect(result.output.contains("warning: result of call to 'notification(_:object:queue:_:)' is unused"), "\(result.output)")
        #expect(result.output.contains("warning: result of call to 'subscribe' is unused"), "\(result.output)")
    }

    @Test @MainActor func theFixesEndWithTheScreen() async {
        let center = NotificationCenter()
        var screen: ExampleScreen? = ExampleScreen()
        let released = WeakReference(live: screen!)  // non-nil: just made
        var lifetime: Lifetime? = Lifetime()
        do {
            let screen = screen!, lifetime = lifetime!  // non-nil: just made
center.on.notification(.settingsChanged, on: MainActor.self)
    .subscribe(owner: screen) { screen in screen.reload() }
center.on.notification(.settingsChanged) { _ in print("changed") }
    .store(in: lifetime)
            center.post(name: .settingsChanged, object: nil)
            #expect(screen.shown.values == ["reload"])
        }
        screen = nil
        lifetime = nil
        #expect(released.isReleased, "the owner form keeps no screen alive")
    }
}
