import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import OnKit
import Testing

/// Real parses of real documents: each `XMLParserDelegate` callback Foundation makes reaches
/// the `on.` handlers with the right values.
@Suite struct XMLParserEventTests {
    @Test func startElementReportsNameNamespaceQualifiedNameAndAttributes() {
        let parser = XMLDocuments.parser(XMLDocuments.catalog)
        let elements = Recorder<XMLParserElement>()
        let errors = Counter()
        parser.on.didStartElement { _, element in elements.append(element) }
        parser.on.parseError { _, _ in errors.increment() }

        #expect(parser.parse())
        #expect(errors.value == 0)

        #expect(elements.values == [
            XMLParserElement(name: "catalog", namespaceURI: "urn:books", qualifiedName: "catalog"),
            XMLParserElement(
                name: "book", namespaceURI: "urn:books", qualifiedName: "book",
                attributes: ["id": "1", "x:lang": "en", "format": "paper"]
            ),
            XMLParserElement(name: "book", namespaceURI: "urn:extra", qualifiedName: "x:book", attributes: ["id": "2"]),
        ])
    }

    @Test func anElementInNoNamespaceHasANilNamespaceOnEveryPlatform() {
        // Linux Foundation reports "" here, Apple's nil: a feed filtered on `namespaceURI == nil`
        // must read the same items on both.
        let parser = XMLDocuments.parser("<feed><item/><x:item xmlns:x='urn:x'/></feed>")
        let started = Recorder<XMLParserElement>()
        let ended = Recorder<XMLParserElement>()
        parser.on.didStartElement { _, element in started.append(element) }
        parser.on.didEndElement { _, element in ended.append(element) }

        #expect(parser.parse())

        #expect(started.values.map(\.namespaceURI) == [nil, nil, "urn:x"])
        #expect(ended.values.map(\.namespaceURI) == [nil, "urn:x", nil])
    }

    @Test func withoutNamespaceProcessingNamesAreAsWrittenAndDeclarationsAreAttributes() {
        let parser = XMLDocuments.parser("<a:root xmlns:a='urn:a'><a:leaf c='1'/></a:root>", namespaces: false)
        let started = Recorder<XMLParserElement>()
        let ended = Recorder<String>()
        parser.on.didStartElement { _, element in started.append(element) }
        parser.on.didEndElement { _, element in ended.append(element.name) }

        _ = parser.parse()

        #expect(started.values == [
            XMLParserElement(name: "a:root", attributes: ["xmlns:a": "urn:a"]),
            XMLParserElement(name: "a:leaf", attributes: ["c": "1"]),
        ])
        #expect(ended.values == ["a:leaf", "a:root"])
    }

    @Test func endElementsComeInnermostFirstWithoutAttributes() {
        let parser = XMLDocuments.parser(XMLDocuments.catalog)
        let ended = Recorder<XMLParserElement>()
        parser.on.didEndElement { _, element in ended.append(element) }

        _ = parser.parse()

        #expect(ended.values == [
            XMLParserElement(name: "book", namespaceURI: "urn:books", qualifiedName: "book"),
            XMLParserElement(name: "book", namespaceURI: "urn:extra", qualifiedName: "x:book"),
            XMLParserElement(name: "catalog", namespaceURI: "urn:books", qualifiedName: "catalog"),
        ])
    }

    @Test func charactersCommentsCDATAAndInstructionsCarryTheirContent() {
        let parser = XMLDocuments.parser(XMLDocuments.catalog)
        let text = Recorder<String>()
        let comments = Recorder<String>()
        let cdata = Recorder<String>()
        let instructions = Recorder<String>()
        parser.on.foundCharacters { _, characters in text.append(characters) }
        parser.on.foundComment { _, comment in comments.append(comment) }
        parser.on.foundCDATA { _, data in cdata.append(String(decoding: data, as: UTF8.self)) }
        parser.on.foundProcessingInstruction { _, instruction in
            instructions.append("\(instruction.target) \(instruction.data ?? "nil")")
        }

        _ = parser.parse()

        #expect(text.values.joined().contains("Dune & more"))
        #expect(comments.values == [" two books "])
        #expect(cdata.values == ["<raw> & stuff"])
        #expect(instructions.values == [#"render mode="fast""#])
    }

    @Test func documentAndPrefixMappingEventsBracketTheElements() {
        let parser = XMLDocuments.parser(XMLDocuments.catalog)
        let order = Recorder<String>()
        parser.on.didStartDocument { _ in order.append("startDocument") }
        parser.on.didEndDocument { _ in order.append("endDocument") }
        parser.on.didStartMappingPrefix { _, mapping in order.append("map \(mapping.prefix)=\(mapping.namespaceURI)") }
        parser.on.didEndMappingPrefix { _, prefix in order.append("unmap \(prefix)") }
        parser.on.didStartElement { _, element in order.append("start \(element.name)") }

        _ = parser.parse()

        let values = order.values
        #expect(values.first == "startDocument")
        #expect(values.last == "endDocument")
        // Both prefixes of the root come into scope before it starts and leave at the end.
        #expect(Set(values[1...2]) == ["map x=urn:extra", "map =urn:books"])
        #expect(values[3] == "start catalog")
        #expect(Set(values[values.count - 3 ... values.count - 2]) == ["unmap x", "unmap "])
    }

    @Test func dtdDeclarationsReachTheirHandlers() {
        let parser = XMLDocuments.parser(XMLDocuments.declarations)
        let declarations = Recorder<String>()
        parser.on.foundElementDeclaration { _, found in declarations.append("element \(found.elementName)") }
        parser.on.foundAttributeDeclaration { _, found in
            let name = "\(found.elementName).\(found.attributeName)"
            declarations.append("attribute \(name)=\(found.defaultValue ?? "nil")")
        }
        parser.on.foundNotationDeclaration { _, notation in
            let ids = "\(notation.publicID ?? "nil") \(notation.systemID ?? "nil")"
            declarations.append("notation \(notation.name) \(ids)")
        }
        parser.on.foundUnparsedEntityDeclaration { _, entity in
            let ids = "\(entity.publicID ?? "nil") \(entity.systemID ?? "nil")"
            declarations.append("unparsed \(entity.name) \(ids) \(entity.notationName ?? "nil")")
        }

        _ = parser.parse()

        #expect(declarations.values == [
            "element catalog",
            "attribute book.format=paper",
            "notation png -//PNG image/png",
            "unparsed cover -//COVER cover.png png",
        ])
    }

    @Test func anUndeclaredEntityAsksResolveExternalEntity() {
        let parser = XMLDocuments.parser("<root>&copyright;</root>")
        let asked = Recorder<String>()
        parser.on.resolveExternalEntity { _, entity in
            asked.append("\(entity.name) \(entity.systemID ?? "nil")")
            return nil
        }

        _ = parser.parse()

        #expect(asked.values == ["copyright nil"])
    }

    @Test(arguments: XMLDocuments.malformed)
    func malformedDocumentReachesParseErrorWithLineAndColumn(_ document: XMLDocuments.Malformed) throws {
        let parser = XMLDocuments.parser(document.text)
        let errors = Recorder<XMLParseError>()
        parser.on.parseError { _, error in errors.append(error) }

        _ = parser.parse()

        let first = try #require(errors.values.first, "no parse error for \(document.name)")
        #expect(first.line == document.line)
        #expect(first.column >= 1)
        #expect(first.underlying.domain == XMLParser.errorDomain)
        #expect(first.underlying.code > 0)
        #expect(first.description.contains("line \(document.line), column \(first.column)"))
        #expect(errors.values.allSatisfy { $0.line >= 1 && $0.column >= 1 })
    }

    @Test func parseErrorOfAnUnclosedTagNamesTheMismatch() throws {
        let parser = XMLDocuments.parser("<root>\n  <item>\n</root>")
        let errors = Recorder<XMLParseError>()
        parser.on.parseError { _, error in errors.append(error) }

        _ = parser.parse()

        let first = try #require(errors.values.first)
        #expect(first.underlying.code == 76)  // libxml2's XML_ERR_TAG_NAME_MISMATCH
        #expect(first.line == 3)
        #expect(first.column == 8)
    }

    @Test func everyHandlerOfACallbackRunsInSubscriptionOrder() {
        let parser = XMLDocuments.parser("<a><b/></a>")
        let calls = Recorder<String>()
        parser.on.didStartElement { _, element in calls.append("first \(element.name)") }
        parser.on.didStartElement { _, element in calls.append("second \(element.name)") }
        parser.on.didStartElement { _, element in calls.append("third \(element.name)") }

        _ = parser.parse()

        #expect(calls.values == ["first a", "second a", "third a", "first b", "second b", "third b"])
    }

    @Test func eachHandlerIsRemovableOnItsOwn() {
        let parser = XMLDocuments.parser("<a><b/><c/></a>")
        let calls = Recorder<String>()
        parser.on.didStartElement { _, element in calls.append("kept \(element.name)") }
        let removed = parser.on.didStartElement { _, element in calls.append("removed \(element.name)") }
        var selfCancelling: LocalSubscription?  // a local face's handler may read a local variable
        let subscription = parser.on.didStartElement { _, element in
            calls.append("once \(element.name)")
            _ = selfCancelling?.cancel()
        }
        selfCancelling = subscription

        #expect(removed.cancel())
        _ = parser.parse()

        #expect(calls.values == ["kept a", "once a", "kept b", "kept c"])
        #expect(!subscription.isActive)
    }

    @Test func handlersGetTheParserThatSentTheEvent() {
        let parser = XMLDocuments.parser("<a/>")
        let senders = Recorder<ObjectIdentifier>()
        parser.on.didStartElement { sender, _ in senders.append(ObjectIdentifier(sender)) }

        _ = parser.parse()

        #expect(senders.values == [ObjectIdentifier(parser)])
    }
}
