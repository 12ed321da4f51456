import OnKit
import Testing

/// A `@MainActor` host whose events carry nothing but the sender, as a UIKit control's do.
@MainActor final class StandInSwitch: MainActorBound, OnCompatible {
    private let flippedEvent = Event<StandInSwitch, Void>()
    var flipped: ReadOnlyEvent<StandInSwitch, Void> { flippedEvent.readOnly }
    var isOn = false

    func flip() {
        isOn.toggle()
        flippedEvent.send(self, ())
    }
}

@MainActor final class SwitchScreen {
    var seen: [Bool] = []
}

/// The owner form of `Args == Void` sources: `(owner, sender)`, no empty arguments.
@Suite struct VoidOwnerFormTests {
    @Test func ownerAndSenderAreHandedBackWithoutArguments() {
        let closed = Event<Door, Void>()
        let owner = Tracked("screen")
        let log = Recorder<String>()
        closed.readOnly(owner: owner) { owner, door in log.append("\(owner.name) \(door.name)") }
        closed.send(Door("front"), ())
        #expect(log.values == ["screen front"])
    }

    @Test func handlerEndsWithItsOwner() {
        let closed = Event<Door, Void>()
        var owner: Tracked? = Tracked()
        weak let weakOwner = owner
        let log = Recorder<String>()
        // Sound: `owner` was just set.
        let subscription = closed(owner: owner!) { _, door in log.append(door.name) }
        owner = nil
        #expect(weakOwner == nil)
        closed.send(Door(), ())
        #expect(log.values.isEmpty)
        #expect(!subscription.isActive)
    }

    @Test func decisionsTakeTheOwnerFormToo() {
        let mayClose = Decision<Door, Void, Bool>.all()
        let owner = Tracked()
        mayClose(owner: owner) { _, door in door.name != "locked" }
        #expect(mayClose.ask(Door("locked"), ()) == false)
        #expect(mayClose.ask(Door("open"), ()) == true)
    }

    @Test @MainActor func mainActorOwnerTouchesItsStateDirectly() {
        let toggle = StandInSwitch()
        var screen: SwitchScreen? = SwitchScreen()
        weak let weakScreen = screen
        // Sound: `screen` was just set.
        let subscription = toggle.flipped(owner: screen!) { screen, toggle in screen.seen.append(toggle.isOn) }
        toggle.flip()
        toggle.flip()
        #expect(screen?.seen == [true, false])
        screen = nil
        #expect(weakScreen == nil)
        toggle.flip()
        #expect(!subscription.isActive)
    }
}
