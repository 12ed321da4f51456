import Foundation
import Observation
import Testing
import OnKit

/// The Thermostat of issue 24: an `@Observable` model marked `MainActorBound`.
@MainActor @Observable final class MainActorThermostat: OnCompatible, MainActorBound {
    var temperature = 20.0
    var mode = "heating"
}

/// A `@Notifying` model marked `MainActorBound`.
@MainActor final class MainActorWallet: PropertyChangeNotifying, MainActorBound {
    let propertyChanges = PropertyChanges()
    @Notifying var balance = 0
}

/// Main-actor state a handler changes directly.
@MainActor final class ThermostatPanel {
    var lines: [String] = []
}

/// Change handlers of models marked `MainActorBound` are `@MainActor`: they touch main-actor
/// state with no `assumeIsolated`, and run on the main actor whoever subscribed.
@Suite struct MainActorModelChangeTests {
    @Test @MainActor func theThermostatHandlerChangesMainActorStateOnTheMainActor() async {
        let thermostat = MainActorThermostat()
        thermostat.on.change(of: \.temperature) { thermostat, t in
            if t > 22 { thermostat.mode = "cooling" }
        }
        thermostat.temperature = 21
        await settle(0.05)
        #expect(thermostat.mode == "heating")
        thermostat.temperature = 23
        #expect(await pollUntil { thermostat.mode == "cooling" })
    }

    @Test @MainActor func everyShapeAndTheOwnerFormRunOnTheMainActor() async {
        let thermostat = MainActorThermostat()
        let panel = ThermostatPanel()
        thermostat.on.change(of: \.mode) { mode in panel.lines.append("value \(mode)") }
        thermostat.on.change(of: \.mode) { panel.lines.append("nothing") }
        thermostat.on.change(of: \.mode, owner: panel) { panel, thermostat, mode in
            panel.lines.append("owner \(mode) \(thermostat.temperature)")
        }
        // The owner forms take the shapes with the owner first (not on the old code).
        thermostat.on.change(of: \.mode, owner: panel) { panel, mode in panel.lines.append("owner and value \(mode)") }
        thermostat.on.change(of: \.mode, owner: panel) { panel in panel.lines.append("owner only") }
        thermostat.mode = "off"
        #expect(await pollUntil { panel.lines.count == 5 })
        #expect(Set(panel.lines) == ["value off", "nothing", "owner off 20.0", "owner and value off", "owner only"])
    }

    @Test @MainActor func theOwnerFormEndsWithItsOwner() async {
        let thermostat = MainActorThermostat()
        let calls = Counter()
        var panel: ThermostatPanel? = ThermostatPanel()
        weak let weakPanel = panel
        let subscription = thermostat.on.change(of: \.mode, owner: panel!) { panel, _, mode in
            panel.lines.append(mode)
            calls.increment()
        }
        thermostat.mode = "off"
        #expect(await pollUntil { calls.value == 1 })
        panel = nil
        #expect(weakPanel == nil, "held weakly")
        thermostat.mode = "on"
        #expect(await pollUntil { !subscription.isActive })
        #expect(calls.value == 1)
    }

    @Test @MainActor func subscribedOffTheMainActorTheHandlerStillRunsOnIt() async {
        let thermostat = MainActorThermostat()
        let panel = ThermostatPanel()
        // Sound: a key path is immutable; the loop applies it only on the main actor.
        nonisolated(unsafe) let keyPath = \MainActorThermostat.temperature
        let subscription = await Task.detached {
            thermostat.on.change(of: keyPath) { @MainActor thermostat, t in
                panel.lines.append("\(t) \(thermostat.mode)")
            }
        }.value
        #expect(subscription.isActive)
        // Tracking starts with a main-actor job: change until a change after it is delivered.
        var next = 30.0
        let delivered = await pollUntil {
            if panel.lines.isEmpty { next += 1; thermostat.temperature = next }
            return !panel.lines.isEmpty
        }
        #expect(delivered)
        #expect(panel.lines.first?.hasSuffix(" heating") == true)
    }

    #if os(Linux)
    /// A main-actor delivery goes straight to the main queue: with every thread of Swift's
    /// global pool blocked (as in a busy test run, which held this delivery up for 20 s), it
    /// still arrives. It failed when the delivery job started on the pool and hopped. In a
    /// child process: blocking the pool here would stall every other test.
    @Test func aChangeReachesTheMainActorWhileEveryPoolThreadIsBlocked() async throws {
        try await runInChildProcess(.mainActorChangeWithEveryPoolThreadBlocked, timeout: 60)
    }
    #endif

    @Test @MainActor func aNotifyingModelsHandlersRunOnTheMainActorSynchronously() {
        let wallet = MainActorWallet()
        let panel = ThermostatPanel()
        wallet.on.change(of: \.balance) { wallet, change in
            panel.lines.append("\(change.old)→\(change.new) \(wallet.balance)")
        }
        wallet.on.change(of: \.balance) { change in panel.lines.append("change \(change.new)") }
        wallet.on.change(of: \.balance) { panel.lines.append("nothing") }
        wallet.balance = 5
        #expect(panel.lines == ["0→5 5", "change 5", "nothing"])
    }

    @Test @MainActor func aMainActorModelsSourceEndsItsOwnSubscription() {
        let wallet = MainActorWallet()
        let panel = ThermostatPanel()
        wallet.on.change(of: \.balance).until { wallet, change in
            panel.lines.append("\(change.new)")
            return change.new >= 100
        }
        for balance in [10, 100, 200] { wallet.balance = balance }
        #expect(panel.lines == ["10", "100"])
    }
}

#if os(Linux)
extension ChildScenario {
    /// Runs on a pool thread (the host test is synchronous) and blocks it itself, with the
    /// pool's other threads blocked too: an asynchronous wait would need the pool to resume.
    static let mainActorChangeWithEveryPoolThreadBlocked = ChildScenario(
        name: "mainActorChangeWithEveryPoolThreadBlocked"
    ) {
        let delivered = DispatchSemaphore(value: 0)
        let thermostat = DispatchQueue.main.sync {
            MainActor.assumeIsolated {
                let thermostat = MainActorThermostat()
                thermostat.on.change(of: \.mode) { mode in if mode == "off" { delivered.signal() } }
                return thermostat
            }
        }
        let pool = GlobalPoolBlocker(sparing: 1)  // this scenario's own thread is the last one
        defer { pool.release() }
        pool.occupy()
        guard wait(timeout: 60, until: { pool.isOccupied }) else { return ["the blockers never all ran"] }
        guard !pool.hasFreeThread() else { return ["a pool thread is free: the scenario shows nothing"] }
        DispatchQueue.main.sync { MainActor.assumeIsolated { thermostat.mode = "off" } }
        guard delivered.wait(timeout: .now() + 10) == .success else {
            return ["the change never reached the main actor while the pool was blocked"]
        }
        return []
    }
}
#endif
