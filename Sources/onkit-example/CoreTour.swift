import OnKit

// MARK: A type that publishes events

/// A thermostat that sends an event whenever its temperature changes.
final class Thermostat: Sendable {
    let temperatureChanged = Event<Thermostat, Double>()
    let name: String

    init(name: String) {
        self.name = name
    }

    func set(_ celsius: Double) {
        temperatureChanged.send(self, celsius)
    }
}

/// A screen that shows temperatures; handlers bound to it end when it goes.
final class Screen: Sendable {
    let title: String

    init(title: String) {
        self.title = title
    }

    func show(_ text: String) {
        print("  [\(title)] \(text)")
    }
}

/// A text field whose edits are vetted by handlers that answer.
final class Field: Sendable {
    let shouldChange = Decision<Field, String, Bool>(default: true, combine: { $0 && $1 })
}

/// A door: events hung on a plain Swift class through the `on` namespace.
final class Door: OnCompatible, Sendable {}

enum DoorKeys {
    static let opened = AssociationKey<Event<Door, Int>>("opened", default: Event())
}

extension On where Base: Door {
    /// Sent when the door opens, with the angle.
    var opened: Event<Door, Int> { self[DoorKeys.opened] }
}

// MARK: The tour

func coreTour() async {
    print("== Events: several handlers, called in order, each removable")
    let thermostat = Thermostat(name: "hall")
    let log = thermostat.temperatureChanged += { thermostat, celsius in
        print("  log: \(thermostat.name) is at \(celsius) °C")
    }
    thermostat.temperatureChanged += { _, celsius in
        if celsius > 25 { print("  alarm: too warm (\(celsius) °C)") }
    }
    thermostat.set(21)
    thermostat.set(26)
    thermostat.temperatureChanged -= log
    print("  (log handler removed)")
    thermostat.set(27)

    print("== Owner-bound handlers end with their owner")
    var screen: Screen? = Screen(title: "lobby")
    if let screen {
        thermostat.temperatureChanged.subscribe(owner: screen) { screen, _, celsius in
            screen.show("\(celsius) °C")
        }
    }
    thermostat.set(22)
    screen = nil
    print("  (screen gone)")
    thermostat.set(23)

    print("== once: runs a single time")
    thermostat.temperatureChanged.once { _, celsius in print("  first reading after this: \(celsius) °C") }
    thermostat.set(24)
    thermostat.set(25)

    print("== Decisions: handlers that answer")
    let field = Field()
    print("  no handler, default answer: \(field.shouldChange.ask(field, "anything"))")
    field.shouldChange += { _, text in text.count <= 10 }
    field.shouldChange += { _, text in !text.contains(" ") }
    for text in ["hello", "hello world", "a very long word"] {
        print("  may the field become \"\(text)\"? \(field.shouldChange.ask(field, text))")
    }

    print("== Lifetime: cancels everything it holds when it ends")
    do {
        let lifetime = Lifetime()
        thermostat.temperatureChanged.subscribe { _, celsius in print("  scoped: \(celsius) °C") }
            .store(in: lifetime)
        thermostat.set(18)
        lifetime.end()
        thermostat.set(19)
        print("  (nothing printed by the scoped handler after end)")
    }

    print("== values: an AsyncSequence; leaving the loop unsubscribes")
    let sensor = Thermostat(name: "cellar")
    let readings = sensor.temperatureChanged.values
    for celsius in [12.0, 13.5, 30.0, 14.0] { sensor.set(celsius) }
    for await celsius in readings {
        print("  cellar: \(celsius) °C")
        if celsius >= 30 { break }
    }

    print("== The on namespace on a plain class")
    let door = Door()
    door.on.opened += { _, angle in print("  door opened \(angle)°") }
    door.on.opened += { _, angle in if angle > 80 { print("  door wide open") } }
    door.on.opened.send(door, 45)
    door.on.opened.send(door, 90)
}
