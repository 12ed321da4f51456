@_spi(OnKitInternal) @testable import OnKit
import Testing

@MainActor final class ControlScreen {
    var changes = 0
}

@Suite @MainActor struct TargetActionTests {
    @Test func manyHandlersShareOneTargetPerMaskAndEachGetsEveryAction() {
        let control = StandInControl()
        let counts = Recorder<String>()
        control.on.valueChanged { _ in counts.append("a") }
        control.on.valueChanged { _ in counts.append("b") }
        control.on.event(StandInControl.valueChanged) { _ in counts.append("c") }
        control.on.event(StandInControl.editingChanged) { _ in counts.append("text") }
        #expect(control.addTargetCalls == 2)
        control.sendActions(for: StandInControl.valueChanged)
        control.sendActions(for: StandInControl.valueChanged)
        #expect(counts.values == ["a", "b", "c", "a", "b", "c"])
        control.sendActions(for: StandInControl.editingChanged)
        #expect(counts.values.last == "text")
        #expect(counts.count == 7)
    }

    @Test func appTargetsAreKeptAndRunInTheOrderTheyWereAdded() {
        let control = StandInControl()
        let log = Recorder<String>()
        let before = AppTarget("app before", log: log)
        control.addAppTarget(before, for: StandInControl.valueChanged)
        let first = control.on.valueChanged { _ in log.append("handler 1") }
        let after = AppTarget("app after", log: log)
        control.addAppTarget(after, for: StandInControl.valueChanged)
        control.on.valueChanged { _ in log.append("handler 2") }
        first.cancel()
        control.sendActions(for: StandInControl.valueChanged)
        #expect(log.values == ["app before", "handler 2", "app after"])
        #expect(control.allTargets.count == 3)
    }

    @Test func removedHandlerIsNotCalledAndTheOthersStay() {
        let control = StandInControl()
        let log = Recorder<String>()
        let changes = control.on.valueChanged
        let a = changes += { _, _ in log.append("a") }
        changes += { _, _ in log.append("b") }
        #expect(changes.subscriberCount == 2)
        #expect(changes -= a)
        #expect(!(changes -= a))
        control.sendActions(for: StandInControl.valueChanged)
        #expect(log.values == ["b"])
        #expect(control.on.valueChanged.subscriberCount == 1)
    }

    @Test func handlersGetTheControlTypedAsItsSubclass() {
        let slider = StandInSlider()
        let values = Recorder<Double>()
        slider.on.valueChanged { slider in values.append(slider.value) }
        slider.value = 0.5
        slider.sendActions(for: StandInControl.valueChanged)
        #expect(values.values == [0.5])
    }

    @Test func ownerFormHandsBackTheMainActorOwnerAndEndsWithIt() {
        let control = StandInControl()
        var screen: ControlScreen? = ControlScreen()
        weak let weakScreen = screen
        // Sound: `screen` was just set.
        let subscription = control.on.valueChanged(owner: screen!) { screen, _ in screen.changes += 1 }
        control.sendActions(for: StandInControl.valueChanged)
        #expect(screen?.changes == 1)
        screen = nil
        #expect(weakScreen == nil)
        control.sendActions(for: StandInControl.valueChanged)
        #expect(!subscription.isActive)
    }

    @Test func targetRemovedByTheAppIsAddedBackByTheNextRegistration() {
        let control = StandInControl()
        let log = Recorder<String>()
        control.on.valueChanged { _ in log.append("a") }
        control.removeAllTargets(for: StandInControl.valueChanged)
        control.sendActions(for: StandInControl.valueChanged)
        #expect(log.values.isEmpty)
        control.on.valueChanged { _ in log.append("b") }
        control.sendActions(for: StandInControl.valueChanged)
        #expect(log.values == ["a", "b"])
        #expect(control.allTargets.count == 1)
    }

    @Test func controlIsNotKeptAliveByItsHandlersAndReleasesThem() async {
        var control: StandInControl? = StandInControl()
        weak let weakControl = control
        var probe: Tracked? = Tracked()
        weak let weakProbe = probe
        // Sound: both were just set.
        control!.on.valueChanged { [probe = probe!] control in _ = (probe, control) }
        probe = nil
        control = nil
        #expect(weakControl == nil)
        #expect(await releaseDeadHostValues { weakProbe == nil })
    }
}
