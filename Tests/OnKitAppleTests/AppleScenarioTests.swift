#if canImport(UIKit) || canImport(AppKit)
import OnKitAppleScenarios
import Testing

/// Runs every scenario of `OnKitAppleScenarios` (real UIKit or AppKit objects) on an Apple
/// platform: `swift test` on macOS, `xcodebuild test` on an iOS simulator. Never run yet.
@Suite @MainActor struct AppleScenarioTests {
    @Test(arguments: AppleScenarios.all) func scenario(_ scenario: Scenario) throws {
        try scenario.run()
    }
}
#endif
