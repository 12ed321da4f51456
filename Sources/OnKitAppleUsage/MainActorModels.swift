// Models marked `MainActorBound`: their change handlers are `@MainActor` and touch main-actor
// state with no `assumeIsolated` (`@Observable`, `@Notifying` and KVO), and handlers that end
// their own subscription (`until`). Type-checked for iOS by apple-typecheck, and by
// .ci/typecheck-default-isolation.py with `-default-isolation MainActor`.
import Foundation
import Observation
import OnKit
#if canImport(UIKit)
import UIKit
#endif

/// The Thermostat of issue 24: an `@Observable` model marked `MainActorBound`.
@MainActor @Observable final class Thermostat: OnCompatible, MainActorBound {
    var temperature = 20.0
    var mode = "heating"
}

/// A `@Notifying` model marked `MainActorBound`.
@MainActor final class UsagePiggyBank: PropertyChangeNotifying, MainActorBound {
    let propertyChanges = PropertyChanges()
    @Notifying var balance = 0
}

#if canImport(ObjectiveC)
/// A KVO model marked `MainActorBound` (Apple platforms: KVO needs the Objective-C runtime).
@MainActor final class UsageSpeaker: NSObject, MainActorBound {
    @objc dynamic var volume = 0.5
}
#endif

/// An `NSObject` publishing with `@Notifying`, marked `MainActorBound`.
@MainActor final class UsageThemeSettings: NSObject, PropertyChangeNotifying, MainActorBound {
    let propertyChanges = PropertyChanges()
    @Notifying var theme = "light"
}

/// Main-actor state that the handlers change directly.
@MainActor final class ThermostatScreen {
    private(set) var shown: [String] = []
    let thermostat = Thermostat()
    let wallet = UsagePiggyBank()
    #if canImport(ObjectiveC)
    let speaker = UsageSpeaker()
    #endif
    let settings = UsageThemeSettings()

    func start() {
        thermostat.on.change(of: \.temperature) { thermostat, t in
            if t > 22 { thermostat.mode = "cooling" }
        }
        thermostat.on.change(of: \.mode) { mode in self.shown.append(mode) }
        thermostat.on.change(of: \.mode) { self.shown.append("mode") }
        thermostat.on.change(of: \.temperature, owner: self) { screen, thermostat, t in
            screen.shown.append("\(thermostat.mode) \(t)")
        }
        wallet.on.change(of: \.balance) { wallet, change in self.shown.append("\(change.new)") }
        wallet.on.change(of: \.balance) { change in self.shown.append("\(change.old)") }
        wallet.on.change(of: \.balance) { self.shown.append("balance") }
        #if canImport(ObjectiveC)
        speaker.on.change(of: \.volume) { speaker, change in self.shown.append("\(change.new)") }
        speaker.on.change(of: \.volume) { change in self.shown.append("\(change.old)") }
        speaker.on.change(of: \.volume) { self.shown.append("volume") }
        #endif
        settings.on.change(of: \.theme) { settings, change in self.shown.append(change.new) }
        settings.on.change(of: \.theme) { change in self.shown.append(change.old) }
        settings.on.change(of: \.theme) { self.shown.append("theme") }
        wallet.on.change(of: \.balance).until { wallet, change in
            self.shown.append("\(change.new)")
            return change.new >= 100
        }
    }

    #if canImport(UIKit)
    func ending(_ button: UIButton) {
        button.on.tap.until { button in
            self.shown.append("tapped once")
            button.isEnabled = false
            return true
        }
    }
    #endif
}
