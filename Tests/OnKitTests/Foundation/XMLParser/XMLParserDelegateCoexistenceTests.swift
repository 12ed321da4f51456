import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import OnKit
import Testing

/// The parser's own delegate and OnKit's handlers together: the delegate keeps every callback,
/// first; it is held as the parser held it; a delegate set later is adopted on the next `on.`.
@Suite struct XMLParserDelegateCoexistenceTests {
    /// Subscribes a handler to every event, recording `"handler <callback> <details>"` in the
    /// format `RecordingXMLParserDelegate` uses.
    private func recordEveryEvent(of parser: XMLParser, into log: Recorder<String>) {
        parser.on.didStartDocument { _ in log.append("handler startDocument") }
        parser.on.didEndDocument { _ in log.append("handler endDocument") }
        parser.on.foundNotationDeclaration { _, found in log.append("handler notation \(found.name)") }
        parser.on.foundUnparsedEntityDeclaration { _, found in log.append("handler unparsedEntity \(found.name)") }
        parser.on.foundAttributeDeclaration { _, found in
            log.append("handler attributeDeclaration \(found.attributeName)")
        }
        parser.on.foundElementDeclaration { _, found in log.append("handler elementDeclaration \(found.elementName)") }
        parser.on.foundInternalEntityDeclaration { _, found in log.append("handler internalEntity \(found.name)") }
        parser.on.foundExternalEntityDeclaration { _, found in log.append("handler externalEntity \(found.name)") }
        parser.on.didStartElement { _, element in log.append("handler start \(element.name)") }
        parser.on.didEndElement { _, element in log.append("handler end \(element.name)") }
        parser.on.didStartMappingPrefix { _, mapping in log.append("handler startMapping \(mapping.prefix)") }
        parser.on.didEndMappingPrefix { _, prefix in log.append("handler endMapping \(prefix)") }
        parser.on.foundCharacters { _, text in log.append("handler characters \(text)") }
        parser.on.foundIgnorableWhitespace { _, text in log.append("handler whitespace \(text.count)") }
        parser.on.foundProcessingInstruction { _, found in log.append("handler instruction \(found.target)") }
        parser.on.foundComment { _, comment in log.append("handler comment \(comment)") }
        parser.on.foundCDATA { _, data in log.append("handler cdata \(data.count)") }
        parser.on.resolveExternalEntity { _, entity in
            log.append("handler resolve \(entity.name)")
            return nil
        }
        parser.on.parseError { _, error in log.append("handler parseError \(error.underlying.code)") }
        parser.on.validationError { _, error in log.append("handler validationError \(error.underlying.code)") }
    }

    /// Checks that the log is pairs of the same callback: the delegate's entry, then the handler's.
    private func expectDelegateThenHandler(_ log: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(log.count % 2 == 0, sourceLocation: sourceLocation)
        for pair in stride(from: 0, to: log.count - 1, by: 2) {
            let delegateEntry = log[pair]
            let handlerEntry = log[pair + 1]
            #expect(delegateEntry.hasPrefix("delegate "), sourceLocation: sourceLocation)
            #expect(
                handlerEntry == "handler " + delegateEntry.dropFirst("delegate ".count),
                "\(delegateEntry) was not followed by its handler", sourceLocation: sourceLocation
            )
        }
    }

    @Test func existingDelegateGetsEveryCallbackFirstThenTheHandlers() {
        let log = Recorder<String>()
        let parser = XMLDocuments.parser(XMLDocuments.catalog)
        let delegate = RecordingXMLParserDelegate(log: log)
        parser.delegate = delegate
        recordEveryEvent(of: parser, into: log)

        _ = parser.parse()

        expectDelegateThenHandler(log.values)
        let kinds = Set(log.values.map { $0.split(separator: " ")[1] })
        #expect(kinds == [
            "startDocument", "endDocument", "notation", "attributeDeclaration",
            "elementDeclaration", "start", "end", "startMapping", "endMapping", "characters",
            "instruction", "comment", "cdata",
        ])
    }

    @Test func existingDelegateGetsUnparsedEntityDeclarationsFirstThenTheHandlers() {
        let log = Recorder<String>()
        let parser = XMLDocuments.parser(XMLDocuments.declarations)
        let delegate = RecordingXMLParserDelegate(log: log)
        parser.delegate = delegate
        recordEveryEvent(of: parser, into: log)

        _ = parser.parse()

        expectDelegateThenHandler(log.values)
        #expect(log.values.contains("delegate unparsedEntity cover"))
        #expect(log.values.contains("handler unparsedEntity cover"))
    }

    @Test func existingDelegateGetsErrorsAndEntityQuestionsFirstThenTheHandlers() {
        let log = Recorder<String>()
        let parser = XMLDocuments.parser("<root>\n  &bogus;\n</root>")
        let delegate = RecordingXMLParserDelegate(log: log)
        parser.delegate = delegate
        recordEveryEvent(of: parser, into: log)

        _ = parser.parse()

        expectDelegateThenHandler(log.values)
        #expect(log.values.contains("delegate resolve bogus"))
        #expect(log.values.contains { $0.hasPrefix("handler parseError") })
    }

    @Test func callbacksLinuxNeverMakesAreForwardedAndSentWhenTheDelegateIsCalled() throws {
        let log = Recorder<String>()
        let parser = XMLDocuments.parser("<a/>")
        let delegate = RecordingXMLParserDelegate(log: log)
        parser.delegate = delegate
        recordEveryEvent(of: parser, into: log)
        let proxy = try #require(parser.delegate)
        let invalid = NSError(domain: XMLParser.errorDomain, code: 99)

        // Called as Foundation on Apple platforms calls them.
        #if canImport(ObjectiveC)
        proxy.parser?(parser, foundInternalEntityDeclarationWithName: "greeting", value: "hello")
        proxy.parser?(parser, foundExternalEntityDeclarationWithName: "chapter", publicID: nil, systemID: "c.xml")
        proxy.parser?(parser, foundIgnorableWhitespace: "\n  ")
        proxy.parser?(parser, validationErrorOccurred: invalid)
        #else
        proxy.parser(parser, foundInternalEntityDeclarationWithName: "greeting", value: "hello")
        proxy.parser(parser, foundExternalEntityDeclarationWithName: "chapter", publicID: nil, systemID: "c.xml")
        proxy.parser(parser, foundIgnorableWhitespace: "\n  ")
        proxy.parser(parser, validationErrorOccurred: invalid)
        #endif

        #expect(log.values == [
            "delegate internalEntity greeting", "handler internalEntity greeting",
            "delegate externalEntity chapter", "handler externalEntity chapter",
            "delegate whitespace 3", "handler whitespace 3",
            "delegate validationError 99", "handler validationError 99",
        ])
    }

    @Test func proxyTakesTheDelegateSlotOncePerParser() throws {
        let parser = XMLDocuments.parser("<a/>")
        let delegate = RecordingXMLParserDelegate()
        parser.delegate = delegate
        parser.on.didStartElement { _, _ in }
        let proxy = try #require(parser.delegate)
        parser.on.didEndElement { _, _ in }
        parser.on.foundCharacters { _, _ in }

        #expect(proxy !== delegate)
        #expect(parser.delegate === proxy)
    }

    @Test func existingDelegateIsHeldWeaklyAsTheParserHeldIt() {
        let parser = XMLDocuments.parser("<a/>")
        let calls = Counter()
        var delegate: RecordingXMLParserDelegate? = RecordingXMLParserDelegate()
        weak let weakDelegate = delegate
        parser.delegate = delegate
        parser.on.didStartElement { _, _ in calls.increment() }

        delegate = nil

        #expect(weakDelegate == nil)
        _ = parser.parse()
        #expect(calls.value == 1)
    }

    @Test func existingDelegateKeptByItsOwnerIsNeverDropped() {
        let log = Recorder<String>()
        let parser = XMLDocuments.parser("<a><b/></a>")
        let delegate = RecordingXMLParserDelegate(log: log)
        parser.delegate = delegate
        let first = parser.on.didStartElement { _, _ in }
        first.cancel()  // no handler left: the delegate still gets everything

        _ = parser.parse()

        #expect(log.values == [
            "delegate startDocument", "delegate start a", "delegate start b", "delegate end b",
            "delegate end a", "delegate endDocument",
        ])
    }

    @Test func delegateSetAfterSubscribingTakesOverUntilTheNextOnCallAdoptsIt() throws {
        let firstLog = Recorder<String>()
        let secondLog = Recorder<String>()
        let handlerCalls = Recorder<String>()
        let parser = XMLDocuments.parser("<a/>")
        let first = RecordingXMLParserDelegate(log: firstLog)
        parser.delegate = first
        parser.on.didStartElement { _, element in handlerCalls.append(element.name) }

        let second = RecordingXMLParserDelegate(log: secondLog)
        parser.delegate = second
        // Until the next `on.` call the slot is the user's: callbacks reach only `second`.
        let slot = try #require(parser.delegate)
        #if canImport(ObjectiveC)
        slot.parserDidStartDocument?(parser)
        #else
        slot.parserDidStartDocument(parser)
        #endif
        #expect(secondLog.values == ["delegate startDocument"])
        secondLog.removeAll()

        parser.on.didEndElement { _, element in handlerCalls.append("/" + element.name) }
        #expect(parser.delegate !== second)
        _ = parser.parse()

        #expect(firstLog.values.isEmpty)
        #expect(secondLog.values == [
            "delegate startDocument", "delegate start a", "delegate end a", "delegate endDocument",
        ])
        #expect(handlerCalls.values == ["a", "/a"])
    }

    @Test func delegateClearedAfterSubscribingIsNotForwardedToAfterTheNextOnCall() {
        let log = Recorder<String>()
        let handlerCalls = Counter()
        let parser = XMLDocuments.parser("<a/>")
        let delegate = RecordingXMLParserDelegate(log: log)
        parser.delegate = delegate
        parser.on.didStartElement { _, _ in handlerCalls.increment() }

        parser.delegate = nil
        parser.on.didEndElement { _, _ in handlerCalls.increment() }
        _ = parser.parse()

        #expect(log.values.isEmpty)
        #expect(handlerCalls.value == 2)
    }

    @Test func resolveExternalEntityTakesTheFirstNonNilAnswerAfterTheDelegates() throws {
        let parser = XMLDocuments.parser("<a/>")
        let delegate = RecordingXMLParserDelegate(resolving: nil)
        parser.delegate = delegate
        let asked = Recorder<String>()
        parser.on.resolveExternalEntity { _, _ in
            asked.append("first")
            return nil
        }
        parser.on.resolveExternalEntity { _, entity in
            asked.append("second")
            return Data("value of \(entity.name)".utf8)
        }
        parser.on.resolveExternalEntity { _, _ in
            asked.append("third")
            return Data("too late".utf8)
        }
        let proxy = try #require(parser.delegate)

        let answer = resolve(proxy, parser, "chapter")

        #expect(answer.map { String(decoding: $0, as: UTF8.self) } == "value of chapter")
        #expect(asked.values == ["first", "second"])
        #expect(delegate.log.values == ["delegate resolve chapter"])
    }

    @Test func resolveExternalEntityAnsweredByTheDelegateAsksNoHandler() throws {
        let parser = XMLDocuments.parser("<a/>")
        let delegate = RecordingXMLParserDelegate(resolving: Data("mine".utf8))
        parser.delegate = delegate
        let asked = Counter()
        parser.on.resolveExternalEntity { _, _ in
            asked.increment()
            return Data("theirs".utf8)
        }
        let proxy = try #require(parser.delegate)

        let answer = resolve(proxy, parser, "chapter")

        #expect(answer == Data("mine".utf8))
        #expect(asked.value == 0)
    }

    @Test func resolveExternalEntityWithNobodyToAnswerIsNil() throws {
        let parser = XMLDocuments.parser("<a/>")
        let asked = Counter()
        let subscription = parser.on.resolveExternalEntity { _, _ in
            asked.increment()
            return Data()
        }
        subscription.cancel()
        let proxy = try #require(parser.delegate)

        #expect(resolve(proxy, parser, "chapter") == nil)
        #expect(asked.value == 0)
    }

    /// Asks the proxy as Foundation does.
    private func resolve(_ proxy: any XMLParserDelegate, _ parser: XMLParser, _ name: String) -> Data? {
        #if canImport(ObjectiveC)
        proxy.parser?(parser, resolveExternalEntityName: name, systemID: nil) ?? nil
        #else
        proxy.parser(parser, resolveExternalEntityName: name, systemID: nil)
        #endif
    }
}
