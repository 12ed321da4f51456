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
    print("== Events: a thermostat with two handlers, a log and an alarm")
    let thermostat = Thermostat(name: "hall")
    let log = thermostat.temperatureChanged += { thermostat, celsius in
        print("  log: the \(thermostat.name) thermostat reads \(celsius) °C")
    }
    thermostat.temperatureChanged += { celsius in
        if celsius > 25 { print("  alarm: \(celsius) °C is too warm") }
    }
    print("  set to 21 °C, then 26 °C:")
    thermostat.set(21)
    thermostat.set(26)
    thermostat.temperatureChanged -= log
    print("  the log handler is removed; set to 27 °C, only the alarm answers:")
    thermostat.set(27)

    print("\n== An owner-bound handler ends when its owner goes")
    var screen: Screen? = Screen(title: "lobby screen")
    if let screen {
        thermostat.temperatureChanged(owner: screen) { screen, celsius in
            screen.show("showing \(celsius) °C")
        }
    }
    print("  set to 22 °C while the lobby screen exists:")
    thermostat.set(22)
    screen = nil
    print("  the lobby screen is deallocated; set to 23 °C: it shows nothing")
    thermostat.set(23)

    print("\n== once: a handler that runs a single time")
    thermostat.temperatureChanged.once { celsius in print("  once: the first reading was \(celsius) °C") }
    print("  set to 24 °C, then 25 °C; the once handler sees only the first:")
    thermostat.set(24)
    thermostat.set(25)

    print("\n== Decisions: handlers that answer (a field asks whether it may take a text)")
    let field = Field()
    print("  with no handler, the default answer: \(field.shouldChange.ask(field, "anything"))")
    field.shouldChange += { text in text.count <= 10 }
    field.shouldChange += { text in !text.contains(" ") }
    print("  two handlers: at most 10 characters, and no space; all must agree:")
    for text in ["hello", "hello world", "a very long word"] {
        print("  may the field take \"\(text)\"? \(field.shouldChange.ask(field, text) ? "yes" : "no")")
    }

    print("\n== A Lifetime cancels every handler it holds when it ends")
    do {
        let lifetime = Lifetime()
        thermostat.temperatureChanged { celsius in print("  scoped handler: \(celsius) °C") }
            .store(in: lifetime)
        print("  set to 18 °C while the lifetime runs:")
        thermostat.set(18)
        lifetime.end()
        print("  the lifetime ended; set to 19 °C: the scoped handler prints nothing")
        thermostat.set(19)
    }

    print("\n== values: the same event as an AsyncSequence")
    let sensor = Thermostat(name: "cellar")
    let readings = sensor.temperatureChanged.values
    print("  four readings sent; the loop stops at the first of 30 °C or more:")
    for celsius in [12.0, 13.5, 30.0, 14.0] { sensor.set(celsius) }
    for await celsius in readings {
        print("  cellar reads \(celsius) °C")
        if celsius >= 30 { break }
    }

    print("\n== Events on a class of your own, through the on namespace")
    let door = Door()
    door.on.opened += { angle in print("  the door opened \(angle)°") }
    door.on.opened += { angle in if angle > 80 { print("  the door is wide open") } }
    door.on.opened.send(door, 45)
    door.on.opened.send(door, 90)
}
