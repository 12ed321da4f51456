import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The `XMLParserDelegate` OnKit installs on a parser (see `DelegateProxy`); `XMLParser` holds
/// its delegate weakly, on every platform.
final class XMLParserDelegateProxy: NSObject, XMLParserDelegate, DelegateProxy {
    static let key = AssociationKey<XMLParserDelegateProxy>("XMLParser.delegateProxy", default: XMLParserDelegateProxy())

    let forwarding = DelegateForwarding<any XMLParserDelegate>(foundation: .weak)

    var asDelegate: any XMLParserDelegate { self }

    /// Calls `body` with the delegate to forward to (`DelegateForwarding.forward`), with the
    /// protocol's own spellings on every platform.
    #if canImport(ObjectiveC)
    @discardableResult
    private func forward<Result>(_ site: StaticString = #function, _ body: (XMLParserOptionalMethods) -> Result?) -> Result? {
        forwarding.answer(site) { body(XMLParserOptionalMethods(delegate: $0)) }
    }
    #else
    @discardableResult
    private func forward<Result>(_ site: StaticString = #function, _ body: (any XMLParserDelegate) -> Result?) -> Result? {
        forwarding.answer(site, body)
    }
    #endif

    // One callback per delegate method, in the protocol's order: each keeps the parser's local
    // handlers apart from its `Sendable` face's (`LocalProxyCallback`).
    let didStartDocument = LocalProxyCallback<XMLParser, Void, Void>()
    let didEndDocument = LocalProxyCallback<XMLParser, Void, Void>()
    let foundNotationDeclaration = LocalProxyCallback<XMLParser, XMLExternalDeclaration, Void>()
    let foundUnparsedEntityDeclaration = LocalProxyCallback<XMLParser, XMLUnparsedEntityDeclaration, Void>()
    let foundAttributeDeclaration = LocalProxyCallback<XMLParser, XMLAttributeDeclaration, Void>()
    let foundElementDeclaration = LocalProxyCallback<XMLParser, XMLElementDeclaration, Void>()
    let foundInternalEntityDeclaration = LocalProxyCallback<XMLParser, XMLInternalEntityDeclaration, Void>()
    let foundExternalEntityDeclaration = LocalProxyCallback<XMLParser, XMLExternalDeclaration, Void>()
    let didStartElement = LocalProxyCallback<XMLParser, XMLParserElement, Void>()
    let didEndElement = LocalProxyCallback<XMLParser, XMLParserElement, Void>()
    let didStartMappingPrefix = LocalProxyCallback<XMLParser, XMLPrefixMapping, Void>()
    let didEndMappingPrefix = LocalProxyCallback<XMLParser, String, Void>()
    let foundCharacters = LocalProxyCallback<XMLParser, String, Void>()
    let foundIgnorableWhitespace = LocalProxyCallback<XMLParser, String, Void>()
    let foundProcessingInstruction = LocalProxyCallback<XMLParser, XMLProcessingInstruction, Void>()
    let foundComment = LocalProxyCallback<XMLParser, String, Void>()
    let foundCDATA = LocalProxyCallback<XMLParser, Data, Void>()
    let resolveExternalEntity = LocalProxyCallback<XMLParser, XMLExternalEntityReference, Data?>.firstNonNil()
    let parseError = LocalProxyCallback<XMLParser, XMLParseError, Void>()
    let validationError = LocalProxyCallback<XMLParser, XMLParseError, Void>()

    override init() {}

    /// Every callback, to release their local handlers together.
    private var callbacks: [any LocalHandlersHolder] {
        [
            didStartDocument, didEndDocument, foundNotationDeclaration, foundUnparsedEntityDeclaration,
            foundAttributeDeclaration, foundElementDeclaration, foundInternalEntityDeclaration,
            foundExternalEntityDeclaration, didStartElement, didEndElement, didStartMappingPrefix,
            didEndMappingPrefix, foundCharacters, foundIgnorableWhitespace, foundProcessingInstruction,
            foundComment, foundCDATA, resolveExternalEntity, parseError, validationError,
        ]
    }

    /// Releases every local handler of this parser, on this thread: where its parse ends, or
    /// where the user says so (`parser.on.removeLocalHandlers()`).
    func removeLocalHandlers() {
        for callback in callbacks { callback.removeLocalHandlers() }
    }

    func parserDidStartDocument(_ parser: XMLParser) {
        forward { $0.parserDidStartDocument(parser) }
        didStartDocument.send(parser, ())
    }
    func parserDidEndDocument(_ parser: XMLParser) {
        forward { $0.parserDidEndDocument(parser) }
        didEndDocument.send(parser, ())
        // The parse ends here, on the parsing thread: the parser's local handlers, and what they
        // captured, are released now, where they ran. (On Linux nothing would run on this thread
        // when the parser is freed; see `LocalProxyCallback`'s deinit.)
        removeLocalHandlers()
    }

    func parser(_ parser: XMLParser, foundNotationDeclarationWithName name: String, publicID: String?, systemID: String?) {
        forward { $0.parser(parser, foundNotationDeclarationWithName: name, publicID: publicID, systemID: systemID) }
        foundNotationDeclaration.send(parser, XMLExternalDeclaration(name: name, publicID: publicID, systemID: systemID))
    }
    func parser(
        _ parser: XMLParser, foundUnparsedEntityDeclarationWithName name: String, publicID: String?, systemID: String?,
        notationName: String?
    ) {
        forward { $0.parser(parser, foundUnparsedEntityDeclarationWithName: name, publicID: publicID, systemID: systemID, notationName: notationName) }
        foundUnparsedEntityDeclaration.send(
            parser, XMLUnparsedEntityDeclaration(name: name, publicID: publicID, systemID: systemID, notationName: notationName)
        )
    }
    func parser(
        _ parser: XMLParser, foundAttributeDeclarationWithName attributeName: String,
        forElement elementName: String, type: String?, defaultValue: String?
    ) {
        forward { $0.parser(
            parser, foundAttributeDeclarationWithName: attributeName, forElement: elementName, type: type, defaultValue: defaultValue
        ) }
        foundAttributeDeclaration.send(parser, XMLAttributeDeclaration(
            attributeName: attributeName, elementName: elementName, type: type, defaultValue: defaultValue
        ))
    }
    func parser(_ parser: XMLParser, foundElementDeclarationWithName elementName: String, model: String) {
        forward { $0.parser(parser, foundElementDeclarationWithName: elementName, model: model) }
        foundElementDeclaration.send(parser, XMLElementDeclaration(elementName: elementName, model: model))
    }
    func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
        forward { $0.parser(parser, foundInternalEntityDeclarationWithName: name, value: value) }
        foundInternalEntityDeclaration.send(parser, XMLInternalEntityDeclaration(name: name, value: value))
    }
    func parser(_ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?, systemID: String?) {
        forward { $0.parser(parser, foundExternalEntityDeclarationWithName: name, publicID: publicID, systemID: systemID) }
        foundExternalEntityDeclaration.send(parser, XMLExternalDeclaration(name: name, publicID: publicID, systemID: systemID))
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String]
    ) {
        let element = XMLParserElement(
            reportedName: elementName, namespaceURI: namespaceURI, qualifiedName: qName, attributes: attributeDict
        )
        forward { $0.parser(parser, didStartElement: elementName, namespaceURI: namespaceURI, qualifiedName: qName, attributes: attributeDict) }
        didStartElement.send(parser, element)
    }
    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        let element = XMLParserElement(reportedName: elementName, namespaceURI: namespaceURI, qualifiedName: qName)
        forward { $0.parser(parser, didEndElement: elementName, namespaceURI: namespaceURI, qualifiedName: qName) }
        didEndElement.send(parser, element)
    }
    func parser(_ parser: XMLParser, didStartMappingPrefix prefix: String, toURI namespaceURI: String) {
        forward { $0.parser(parser, didStartMappingPrefix: prefix, toURI: namespaceURI) }
        didStartMappingPrefix.send(parser, XMLPrefixMapping(prefix: prefix, namespaceURI: namespaceURI))
    }
    func parser(_ parser: XMLParser, didEndMappingPrefix prefix: String) {
        forward { $0.parser(parser, didEndMappingPrefix: prefix) }
        didEndMappingPrefix.send(parser, prefix)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        forward { $0.parser(parser, foundCharacters: string) }
        foundCharacters.send(parser, string)
    }
    func parser(_ parser: XMLParser, foundIgnorableWhitespace whitespaceString: String) {
        forward { $0.parser(parser, foundIgnorableWhitespace: whitespaceString) }
        foundIgnorableWhitespace.send(parser, whitespaceString)
    }
    func parser(_ parser: XMLParser, foundProcessingInstructionWithTarget target: String, data: String?) {
        forward { $0.parser(parser, foundProcessingInstructionWithTarget: target, data: data) }
        foundProcessingInstruction.send(parser, XMLProcessingInstruction(target: target, data: data))
    }
    func parser(_ parser: XMLParser, foundComment comment: String) {
        forward { $0.parser(parser, foundComment: comment) }
        foundComment.send(parser, comment)
    }
    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        forward { $0.parser(parser, foundCDATA: CDATABlock) }
        foundCDATA.send(parser, CDATABlock)
    }
    func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? {
        let fromDelegate = forward { Optional($0.parser(parser, resolveExternalEntityName: name, systemID: systemID)) }
        return resolveExternalEntity.answer(parser, XMLExternalEntityReference(name: name, systemID: systemID), after: fromDelegate) ?? nil
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        // The position is read now: it is where the parser stands when it reports the error.
        let error = XMLParseError(underlying: parseError as NSError, line: parser.lineNumber, column: parser.columnNumber)
        forward { $0.parser(parser, parseErrorOccurred: parseError) }
        self.parseError.send(parser, error)
    }
    func parser(_ parser: XMLParser, validationErrorOccurred validationError: any Error) {
        let error = XMLParseError(underlying: validationError as NSError, line: parser.lineNumber, column: parser.columnNumber)
        forward { $0.parser(parser, validationErrorOccurred: validationError) }
        self.validationError.send(parser, error)
    }
}
