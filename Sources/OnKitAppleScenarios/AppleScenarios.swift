/// Every scenario of this target, for the platform it is built for.
public enum AppleScenarios {
    /// The scenarios of this platform: UIKit's on iOS, AppKit's on macOS, none elsewhere.
    public static var all: [Scenario] {
        var scenarios: [Scenario] = []
        #if canImport(UIKit) && os(iOS)
        scenarios += GestureScenarios.all + ReuseScenarios.all + TableViewScenarios.all
        #endif
        #if canImport(AppKit) && !targetEnvironment(macCatalyst)
        scenarios += MacReuseScenarios.all + MacTableViewScenarios.all + MacValidationScenarios.all
        #endif
        // Issue 22, items 1–7 (helper apple-a's BehaviourScenariosA.swift) join here when merged.
        return scenarios
    }
}
