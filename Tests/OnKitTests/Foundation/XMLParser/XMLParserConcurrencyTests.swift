import Dispatch
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import OnKit
import Testing

/// Parsers on several threads, and subscriptions made from several threads at once.
@Suite struct XMLParserConcurrencyTests {
    @Test func twoParsersOnTwoThreadsEachGetOnlyTheirOwnEvents() {
        struct Outcome: Sendable {
            let name: String
            let own: Int
            let foreign: Int
        }
        let outcomes = Recorder<Outcome>()
        let documents = [("left", 3000), ("right", 2000)]

        DispatchQueue.concurrentPerform(iterations: documents.count) { index in
            let (name, count) = documents[index]
            let parser = XMLDocuments.parser(XMLDocuments.repeating(name, count: count))
            let id = ObjectIdentifier(parser)
            let own = Counter()
            let foreign = Counter()
            parser.on.didStartElement { sender, element in
                if ObjectIdentifier(sender) == id, element.name == name || element.name == "list" {
                    own.increment()
                } else {
                    foreign.increment()
                }
            }
            parser.on.didEndElement { sender, element in
                if ObjectIdentifier(sender) != id || !(element.name == name || element.name == "list") {
                    foreign.increment()
                }
            }
            _ = parser.parse()
            outcomes.append(Outcome(name: name, own: own.value, foreign: foreign.value))
        }

        let byName = Dictionary(uniqueKeysWithValues: outcomes.values.map { ($0.name, $0) })
        #expect(byName["left"]?.own == 3001)
        #expect(byName["right"]?.own == 2001)
        #expect(byName["left"]?.foreign == 0)
        #expect(byName["right"]?.foreign == 0)
    }

    @Test func subscribingFromManyThreadsAtOnceKeepsEveryHandlerAndTheDelegate() {
        let log = Recorder<String>()
        let parser = XMLDocuments.parser(XMLDocuments.repeating("item", count: 10))
        let delegate = RecordingXMLParserDelegate(log: log)
        parser.delegate = delegate
        let shared = ParserHandle(parser)
        let calls = Counter()
        let threads = 4
        let perThread = 25

        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for _ in 0..<perThread {
                shared.parser.on.didStartElement { _, _ in calls.increment() }
            }
        }
        _ = parser.parse()

        // 11 elements (the list and 10 items), each to every handler exactly once.
        #expect(calls.value == threads * perThread * 11)
        #expect(log.values.filter { $0.hasPrefix("delegate start ") }.count == 11)
        #expect(parser.delegate !== delegate)
    }
}

/// Hands one parser to several threads that only subscribe to it.
private final class ParserHandle: @unchecked Sendable {
    // @unchecked is sound here: the threads only call `parser.on.…`, which touches OnKit's
    // locked storage and reads or writes `delegate` only under the proxy's lock; the parse
    // itself runs after they have all finished.
    let parser: XMLParser

    init(_ parser: XMLParser) { self.parser = parser }
}
