import Testing
import OnKit

// Snippets of the earlier, longer README (events, read-only faces, decisions, host-bound storage),
// kept as behaviour tests; their types serve the other snippet tests. The README's own snippets
// are in ReadmeQuickStartSnippetTests.

final class Thermostat: Sendable {
    let temperatureChanged = Event<Thermostat, Double>()

    func set(_ celsius: Double) {
        temperatureChanged.send(self, celsius)
    }
}

final class Gate: Sendable {
    private let openedEvent = Event<Gate, Int>()
    var opened: ReadOnlyEvent<Gate, Int> { openedEvent.readOnly }

    func open(angle: Int) { openedEvent.send(self, angle) }
}

final class Lamp: OnCompatible, Sendable {}

enum LampKeys {
    static let switched = AssociationKey<Event<Lamp, Bool>>("switched", default: Event())
}

extension On where Base: Lamp {
    var switched: Event<Lamp, Bool> { self[LampKeys.switched] }   // made on first use
}

@Suite struct ReadmeCoreSnippetTests {
    @Test func quickStartSubscribesUnsubscribesAndAsks() {
let thermostat = Thermostat()

// Subscribe: `+=` and `subscribe` are the same and return an EventSubscription.
let subscription = thermostat.temperatureChanged += { thermostat, celsius in
    print("now \(celsius) °C")
}
thermostat.set(21)                                  // prints "now 21.0 °C"

// Unsubscribe: either spelling; both are idempotent.
thermostat.temperatureChanged -= subscription       // or: subscription.cancel()

// Handlers that answer.
let mayOpen = Decision<Thermostat, Double, Bool>(default: true, combine: { $0 && $1 })
mayOpen += { _, celsius in celsius < 30 }
let allowed = mayOpen.ask(thermostat, 25)           // true

        #expect(allowed)
        #expect(!mayOpen.ask(thermostat, 31))
        #expect(!subscription.isActive)
        #expect(thermostat.temperatureChanged.subscriberCount == 0)
    }

    @Test func readOnlyFaceSubscribesToTheSameEvent() {
        let gate = Gate()
        let angles = Recorder<Int>()
        gate.opened += { _, angle in angles.append(angle) }
        gate.open(angle: 40)
        #expect(angles.values == [40])
    }

    @Test func allDecisionStopsAtTheFirstNo() {
        let gate = Gate()
let shouldClose = Decision<Gate, Void, Bool>.all()    // every handler must agree
shouldClose += { _, _ in true }
shouldClose += { _, _ in false }                      // later handlers are not asked
let closes = shouldClose.ask(gate, ())                // false

        let asked = Counter()
        shouldClose += { _, _ in asked.increment(); return true }
        #expect(!closes)
        #expect(!shouldClose.ask(gate, ()))
        #expect(asked.value == 0)
    }

    @Test func hostBoundEventOnAPlainClass() {
        let seen = Recorder<Bool>()
let lamp = Lamp()
lamp.on.switched += { _, isOn in print(isOn ? "on" : "off") }
lamp.on.switched.send(lamp, true)

        lamp.on.switched += { _, isOn in seen.append(isOn) }
        lamp.on.switched.send(lamp, false)
        #expect(seen.values == [false])
        #expect(lamp.on.switched === lamp.on.switched)
        #expect(lamp.on.switched !== Lamp().on.switched)
    }
}
