import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Observation
import Testing
import OnKit

// Snippets of "Getting started" (a handler that ends itself), "Property changes" (main-actor
// models) and of the `///` comments of `until` and the main-actor `change(of:)` forms, verbatim,
// with assertions on what they claim.

enum PropertyChangesArticle {
    @MainActor @Observable
    final class Thermostat: OnCompatible, MainActorBound {
        var temperature = 20.0
        var mode = "heating"
    }

    @MainActor final class Label {
        var text = ""
    }

    @MainActor final class Screen {
        var shown: [String] = []

        func show(_ mode: String) { shown.append(mode) }
        func refresh() { shown.append("refresh") }
    }
}

private final class Console: Sendable {
    let typed = Event<Console, String>()
}

@Suite struct ArticleUntilAndMainActorModelsSnippetTests {
    @Test @MainActor func gettingStartedHandlerThatEndsItself() {
        let kettle = Kettle()
        let boiled = Recorder<Double>()
        kettle.boiled { celsius in boiled.append(celsius) }
let boilings = kettle.boiled.until { celsius in
    print("boiled at \(celsius) °C")
    return celsius >= 100             // done: no more calls
}
kettle.boil()                         // prints, then ends the subscription
        #expect(!boilings.isActive)
        #expect(boiled.values == [100])
        #expect(kettle.boiled.subscriberCount == 1)
    }

    @Test @MainActor func mainActorModelsTakeMainActorHandlers() async {
        typealias Thermostat = PropertyChangesArticle.Thermostat
        let thermostat = Thermostat()
        let label = PropertyChangesArticle.Label()
        let screen = PropertyChangesArticle.Screen()
        var refreshes = 0
        func refresh() { refreshes += 1 }
thermostat.on.change(of: \.temperature) { thermostat, t in
    if t > 22 { thermostat.mode = "cooling" }
}
        thermostat.on.change(of: \.mode) { mode in label.text = mode }
        thermostat.on.change(of: \.mode) { refresh() }
        thermostat.on.change(of: \.mode, owner: screen) { screen, _, mode in screen.show(mode) }
        thermostat.on.change(of: \.mode, owner: screen) { screen, mode in screen.show(mode) }
        thermostat.on.change(of: \.mode, owner: screen) { screen in screen.refresh() }
        thermostat.temperature = 23
        #expect(await pollUntil { label.text == "cooling" && refreshes == 1 && screen.shown.sorted() == ["cooling", "cooling", "refresh"] })
    }

    @Test func untilShapesOfTheDocComments() throws {
        let console = Console()
        let event = console.typed
        let calls = Counter()
        event { calls.increment() }
        event.until { sender, value in value == "quit" }
        event.until { value in value == "quit" }
        event.send(console, "hello")
        #expect(event.subscriberCount == 3)
        event.send(console, "quit")
        #expect(event.subscriberCount == 1)

        // A one-second timer that ends itself after three fires (the test does not wait).
        try DispatchTimer.every(1).fired.until { timer in timer.fireCount == 3 }
    }

    @Test func untilOnAParsersLocalFace() {
        let parser = XMLParser(data: Data("<feed><item/><item/></feed>".utf8))
        var starts = 0
        parser.on.didStartElement { starts += 1 }
parser.on.didStartElement.until { element in element.name == "item" }
        var untilCalls = 0
        parser.on.didStartElement.until { element in untilCalls += 1; return element.name == "item" }
        #expect(parser.on.didStartElement.subscriberCount == 3)
        #expect(parser.parse())
        #expect(starts == 3)
        #expect(untilCalls == 2, "ended at the first item")
        // A parser's local handlers are released on its thread when the parse ends.
        #expect(parser.on.didStartElement.subscriberCount == 0)
    }
}
