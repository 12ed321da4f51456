/// Every scenario of this target, for the platform it is built for.
public enum AppleScenarios {
    /// The scenarios of this platform: UIKit's on iOS, AppKit's on macOS, the coexistence ones on
    /// iOS, tvOS and macOS, the Foundation ones on every Apple platform, none on Linux.
    public static var all: [Scenario] {
        var scenarios: [Scenario] = []
        #if canImport(ObjectiveC)
        scenarios += FoundationScenarios.all
        #endif
        #if (canImport(UIKit) && !os(watchOS)) || (canImport(AppKit) && !targetEnvironment(macCatalyst))
        scenarios += CoexistenceScenarios.all
        #endif
        #if canImport(UIKit) && os(iOS)
        scenarios += GestureScenarios.all + ReuseScenarios.all + TableViewScenarios.all + BehaviourScenariosA.all
        #endif
        #if canImport(AppKit) && !targetEnvironment(macCatalyst)
        scenarios += MacReuseScenarios.all + MacTableViewScenarios.all + MacValidationScenarios.all
        scenarios += MacBehaviourScenariosA.all
        #endif
        return scenarios
    }
}
