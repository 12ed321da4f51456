import Foundation
import Testing
import OnKit
#if canImport(FoundationXML)
import FoundationXML
#endif

// The "Getting started" article's snippets, verbatim (CI checks that each chunk of every DocC
// article appears in a test, the example or the iOS usage target), with assertions on what they
// claim.

@MainActor final class Kettle: MainActorBound {
    let boiled = Event<Kettle, Double>()

    func boil() {
        boiled.send(self, 100)
    }
}

@MainActor final class KettleScreen {
    let lifetime = Lifetime()

    func show(_ celsius: Double) { print("showing \(celsius)") }
}

final class Doorbell: Sendable {
    private let rangEvent = Event<Doorbell, Int>()
    var rang: ReadOnlyEvent<Doorbell, Int> { rangEvent.readOnly }

    func ring(times: Int) { rangEvent.send(self, times) }
}

@Suite struct ArticleGettingStartedSnippetTests {
    @Test @MainActor func subscribeCancelAndOwnerForms() {
let kettle = Kettle()
let subscription = kettle.boiled { celsius in
    print("boiled at \(celsius) °C")
}
kettle.boil()                        // prints "boiled at 100.0 °C"
subscription.cancel()                // or: kettle.boiled -= subscription
kettle.boil()                        // prints nothing

        #expect(!subscription.isActive)
        #expect(kettle.boiled.subscriberCount == 0)

        do {
let screen = KettleScreen()
// Held weakly and handed back: no capture, no cycle; never called once
// the screen is gone.
kettle.boiled(owner: screen) { screen, celsius in screen.show(celsius) }
// Cancelled when the lifetime ends (or is deallocated with the screen).
kettle.boiled.once { print("first boil") }.store(in: screen.lifetime)

            #expect(kettle.boiled.subscriberCount == 2)
            screen.lifetime.end()
            #expect(kettle.boiled.subscriberCount == 1)
        }
        // The owner-bound handler ends with its owner: the next send finds it gone.
        kettle.boil()
        #expect(kettle.boiled.subscriberCount == 0)
    }

    @Test @MainActor func decisionAllStopsAtTheFirstRefusal() {
        let kettle = Kettle()
let mayBoil = Decision<Kettle, Double, Bool>.all()
mayBoil += { _, litres in litres > 0.2 }     // not empty
mayBoil += { _, litres in litres <= 1.7 }    // not over the line
let allowed = mayBoil.ask(kettle, 1.0)       // true
let refused = mayBoil.ask(kettle, 2.0)       // false: the second says no

        #expect(allowed)
        #expect(!refused)
        #expect(!mayBoil.ask(kettle, 0.1))
    }

    @Test func valuesSubscribesWhenRead() async {
        var received: [Int] = []
let doorbell = Doorbell()
let rings = doorbell.rang.values     // subscribed now: nothing is lost
doorbell.ring(times: 2)
for await times in rings {
    print("rang \(times) times")     // prints "rang 2 times"
    break
}

        // The loop's end ended the subscription, though `rings` is still held (as documented):
        // a later ring is not kept for it, and a second loop over it ends at once.
        #expect(doorbell.rang.subscriberCount == 0)
        doorbell.ring(times: 3)
        for await times in rings { received.append(times) }
        #expect(received == [])
    }

    @Test func parserAdapterCallsEveryHandler() {
        let names = Recorder<String>()
        let texts = Recorder<String>()
let xml = Data("<greeting lang='en'>hello</greeting>".utf8)
let parser = XMLParser(data: xml)
parser.on.didStartElement { element in
    print(element.name, element.attributes)
}
parser.on.foundCharacters { parser, text in print("text:", text) }
let parsed = parser.parse()
// prints "greeting ["lang": "en"]", then "text: hello"

        // The same document through a parser whose handlers record what the snippet's print.
        let again = XMLParser(data: Data("<greeting lang='en'>hello</greeting>".utf8))
        again.on.didStartElement { _, element in names.append(element.name) }
        again.on.didStartElement { _, element in names.append(element.attributes["lang"] ?? "") }
        again.on.foundCharacters { _, text in texts.append(text) }
        #expect(parsed)
        #expect(again.parse())
        #expect(names.values == ["greeting", "en"])
        #expect(texts.values == ["hello"])
    }

    @Test func landingPageParsesAFeed() {
        let feed = Data("<feed><entry/></feed>".utf8)
let parser = XMLParser(data: feed)
parser.on.didStartElement { parser, element in print(element.name) }
parser.on.parseError { parser, error in print("line \(error.line): \(error)") }
let parsed = parser.parse()                     // true for a well-formed feed

        #expect(parsed)
        #expect(parser.on.didStartElement.subscriberCount == 0)  // released as the parse ended
    }
}
