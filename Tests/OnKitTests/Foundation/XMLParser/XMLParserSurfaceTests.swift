import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import OnKit
import Testing

/// A parser subclass: handlers must get it typed as itself.
private final class LabeledParser: XMLParser {
    let label = "labeled"
}

/// An owner whose lifetime a test controls.
private final class Screen: Sendable {}

/// Each callback is a read-only event or decision, so the whole surface works on it.
@Suite struct XMLParserSurfaceTests {
    @Test func onceRunsForTheFirstElementOnly() {
        let parser = XMLDocuments.parser("<a><b/><c/></a>")
        let names = Recorder<String>()
        let every = Counter()
        var countAtTheEnd = -1
        parser.on.didStartElement.once { _, element in names.append(element.name) }
        parser.on.didStartElement += { _, _ in every.increment() }
        // Read as the document ends: the parse then releases its local handlers (checked below).
        parser.on.didEndDocument { countAtTheEnd = parser.on.didStartElement.subscriberCount }

        _ = parser.parse()

        #expect(names.values == ["a"])
        #expect(every.value == 3)
        #expect(countAtTheEnd == 1)
        #expect(parser.on.didStartElement.subscriberCount == 0)
    }

    @Test func minusEqualsRemovesTheHandlerOfItsSubscriptionOnly() {
        let parser = XMLDocuments.parser("<a><b/></a>")
        let kept = Recorder<String>()
        let removed = Counter()
        parser.on.didEndElement { _, element in kept.append(element.name) }
        let subscription = parser.on.didEndElement { _, _ in removed.increment() }

        #expect(parser.on.didEndElement -= subscription)
        #expect(!(parser.on.didStartElement -= subscription))  // another callback's: untouched
        _ = parser.parse()

        #expect(kept.values == ["b", "a"])
        #expect(removed.value == 0)
    }

    @Test func ownerBoundHandlerGetsItsOwnerAndEndsWithIt() {
        let parser = XMLDocuments.parser("<a/>")
        let calls = Counter()
        var screen: Screen? = Screen()
        weak let weakScreen = screen
        // Both forms: `subscribe(owner:)` and the call with `owner:`. (`screen` is set above.)
        parser.on.didStartElement.subscribe(owner: screen!) { _, _, _ in calls.increment() }
        let subscription = parser.on.didStartDocument(owner: screen!) { _, _, _ in calls.increment() }

        screen = nil
        _ = parser.parse()

        #expect(weakScreen == nil)
        #expect(calls.value == 0)
        #expect(!subscription.isActive)  // released at the call that found its owner gone
    }

    @Test func valuesDeliversEveryElementInOrder() async {
        let parser = XMLDocuments.parser("<list><item/><item/></list>")
        let elements = parser.on.didStartElement.values  // subscribed from here on

        _ = parser.parse()

        var names: [String] = []
        for await element in elements.prefix(3) { names.append(element.name) }
        #expect(names == ["list", "item", "item"])
    }

    @Test func nextWaitsForTheNextCallAndTakesItsArguments() async throws {
        let parser = XMLDocuments.parser("<?render mode=\"fast\"?><a/>")
        let instructions = parser.on.foundProcessingInstruction.shared  // waited on in another task
        async let next = instructions.next()
        try #require(await pollUntil { instructions.subscriberCount == 1 })

        _ = parser.parse()

        let instruction = try await next
        #expect(instruction.target == "render")
        #expect(instruction.data == #"mode="fast""#)
    }

    @Test func voidCallbacksTakeSenderOnlyHandlers() {
        let parser = XMLDocuments.parser("<a/>")
        let order = Recorder<String>()
        parser.on.didStartDocument { _ in order.append("start") }
        parser.on.didEndDocument { _ in order.append("end") }

        _ = parser.parse()

        #expect(order.values == ["start", "end"])
    }

    @Test func subclassHandlersGetTheParserTypedAsTheSubclass() throws {
        let parser = LabeledParser(data: Data("<a>text</a>".utf8))
        let seen = Recorder<String>()
        parser.on.didStartElement { parser, element in seen.append("\(parser.label) \(element.name)") }
        let once = parser.on.foundCharacters.once { parser, text in seen.append("\(parser.label) \(text)") }
        parser.on.resolveExternalEntity { parser, _ in Data(parser.label.utf8) }
        let removed = parser.on.didEndElement { _, _ in seen.append("removed") }
        #expect(parser.on.didEndElement.subscriberCount == 1)
        #expect(parser.on.didEndElement -= removed)
        // Asked before the parse: its end releases the parser's local handlers.
        let proxy = try #require(parser.delegate)
        #if canImport(ObjectiveC)
        let answer = proxy.parser?(parser, resolveExternalEntityName: "e", systemID: nil) ?? nil
        #else
        let answer = proxy.parser(parser, resolveExternalEntityName: "e", systemID: nil)
        #endif
        #expect(answer == Data("labeled".utf8))

        #expect(parser.parse())

        #expect(seen.values == ["labeled a", "labeled text"])
        #expect(!once.isActive)
    }
}
