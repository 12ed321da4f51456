import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The `XMLParserDelegate` OnKit installs on a parser (see `DelegateProxy`); `XMLParser` holds
/// its delegate weakly, on every platform.
final class XMLParserDelegateProxy: NSObject, XMLParserDelegate, DelegateProxy {
    static let key = AssociationKey<XMLParserDelegateProxy>("XMLParser.delegateProxy", default: XMLParserDelegateProxy())

    let forwarding = DelegateForwarding<any XMLParserDelegate>(ownership: .weak)

    var asDelegate: any XMLParserDelegate { self }

    /// The delegate to forward to, called with the protocol's own spellings on every platform.
    #if canImport(ObjectiveC)
    private var target: XMLParserOptionalMethods? { forwarding.target.map(XMLParserOptionalMethods.init) }
    #else
    private var target: (any XMLParserDelegate)? { forwarding.target }
    #endif

    // One event per delegate method, in the protocol's order.
    let didStartDocument = Event<XMLParser, Void>()
    let didEndDocument = Event<XMLParser, Void>()
    let foundNotationDeclaration = Event<XMLParser, XMLExternalDeclaration>()
    let foundUnparsedEntityDeclaration = Event<XMLParser, XMLUnparsedEntityDeclaration>()
    let foundAttributeDeclaration = Event<XMLParser, XMLAttributeDeclaration>()
    let foundElementDeclaration = Event<XMLParser, XMLElementDeclaration>()
    let foundInternalEntityDeclaration = Event<XMLParser, XMLInternalEntityDeclaration>()
    let foundExternalEntityDeclaration = Event<XMLParser, XMLExternalDeclaration>()
    let didStartElement = Event<XMLParser, XMLParserElement>()
    let didEndElement = Event<XMLParser, XMLParserElement>()
    let didStartMappingPrefix = Event<XMLParser, XMLPrefixMapping>()
    let didEndMappingPrefix = Event<XMLParser, String>()
    let foundCharacters = Event<XMLParser, String>()
    let foundIgnorableWhitespace = Event<XMLParser, String>()
    let foundProcessingInstruction = Event<XMLParser, XMLProcessingInstruction>()
    let foundComment = Event<XMLParser, String>()
    let foundCDATA = Event<XMLParser, Data>()
    let resolveExternalEntity = Decision<XMLParser, XMLExternalEntityReference, Data?>.firstNonNil()
    let parseError = Event<XMLParser, XMLParseError>()
    let validationError = Event<XMLParser, XMLParseError>()

    override init() {}

    func parserDidStartDocument(_ parser: XMLParser) {
        target?.parserDidStartDocument(parser)
        didStartDocument.send(parser, ())
    }
    func parserDidEndDocument(_ parser: XMLParser) {
        target?.parserDidEndDocument(parser)
        didEndDocument.send(parser, ())
    }

    func parser(_ parser: XMLParser, foundNotationDeclarationWithName name: String, publicID: String?, systemID: String?) {
        target?.parser(parser, foundNotationDeclarationWithName: name, publicID: publicID, systemID: systemID)
        foundNotationDeclaration.send(parser, XMLExternalDeclaration(name: name, publicID: publicID, systemID: systemID))
    }
    func parser(
        _ parser: XMLParser, foundUnparsedEntityDeclarationWithName name: String, publicID: String?, systemID: String?,
        notationName: String?
    ) {
        target?.parser(parser, foundUnparsedEntityDeclarationWithName: name, publicID: publicID, systemID: systemID, notationName: notationName)
        foundUnparsedEntityDeclaration.send(
            parser, XMLUnparsedEntityDeclaration(name: name, publicID: publicID, systemID: systemID, notationName: notationName)
        )
    }
    func parser(
        _ parser: XMLParser, foundAttributeDeclarationWithName attributeName: String,
        forElement elementName: String, type: String?, defaultValue: String?
    ) {
        target?.parser(
            parser, foundAttributeDeclarationWithName: attributeName, forElement: elementName, type: type, defaultValue: defaultValue
        )
        foundAttributeDeclaration.send(parser, XMLAttributeDeclaration(
            attributeName: attributeName, elementName: elementName, type: type, defaultValue: defaultValue
        ))
    }
    func parser(_ parser: XMLParser, foundElementDeclarationWithName elementName: String, model: String) {
        target?.parser(parser, foundElementDeclarationWithName: elementName, model: model)
        foundElementDeclaration.send(parser, XMLElementDeclaration(elementName: elementName, model: model))
    }
    func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
        target?.parser(parser, foundInternalEntityDeclarationWithName: name, value: value)
        foundInternalEntityDeclaration.send(parser, XMLInternalEntityDeclaration(name: name, value: value))
    }
    func parser(_ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?, systemID: String?) {
        target?.parser(parser, foundExternalEntityDeclarationWithName: name, publicID: publicID, systemID: systemID)
        foundExternalEntityDeclaration.send(parser, XMLExternalDeclaration(name: name, publicID: publicID, systemID: systemID))
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String]
    ) {
        let element = XMLParserElement(
            reportedName: elementName, namespaceURI: namespaceURI, qualifiedName: qName, attributes: attributeDict
        )
        target?.parser(parser, didStartElement: elementName, namespaceURI: namespaceURI, qualifiedName: qName, attributes: attributeDict)
        didStartElement.send(parser, element)
    }
    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        let element = XMLParserElement(reportedName: elementName, namespaceURI: namespaceURI, qualifiedName: qName)
        target?.parser(parser, didEndElement: elementName, namespaceURI: namespaceURI, qualifiedName: qName)
        didEndElement.send(parser, element)
    }
    func parser(_ parser: XMLParser, didStartMappingPrefix prefix: String, toURI namespaceURI: String) {
        target?.parser(parser, didStartMappingPrefix: prefix, toURI: namespaceURI)
        didStartMappingPrefix.send(parser, XMLPrefixMapping(prefix: prefix, namespaceURI: namespaceURI))
    }
    func parser(_ parser: XMLParser, didEndMappingPrefix prefix: String) {
        target?.parser(parser, didEndMappingPrefix: prefix)
        didEndMappingPrefix.send(parser, prefix)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        target?.parser(parser, foundCharacters: string)
        foundCharacters.send(parser, string)
    }
    func parser(_ parser: XMLParser, foundIgnorableWhitespace whitespaceString: String) {
        target?.parser(parser, foundIgnorableWhitespace: whitespaceString)
        foundIgnorableWhitespace.send(parser, whitespaceString)
    }
    func parser(_ parser: XMLParser, foundProcessingInstructionWithTarget target: String, data: String?) {
        self.target?.parser(parser, foundProcessingInstructionWithTarget: target, data: data)
        foundProcessingInstruction.send(parser, XMLProcessingInstruction(target: target, data: data))
    }
    func parser(_ parser: XMLParser, foundComment comment: String) {
        target?.parser(parser, foundComment: comment)
        foundComment.send(parser, comment)
    }
    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        target?.parser(parser, foundCDATA: CDATABlock)
        foundCDATA.send(parser, CDATABlock)
    }
    func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? {
        let fromDelegate = target.map { $0.parser(parser, resolveExternalEntityName: name, systemID: systemID) }
        return resolveExternalEntity.answer(parser, XMLExternalEntityReference(name: name, systemID: systemID), after: fromDelegate) ?? nil
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        // The position is read now: it is where the parser stands when it reports the error.
        let error = XMLParseError(underlying: parseError as NSError, line: parser.lineNumber, column: parser.columnNumber)
        target?.parser(parser, parseErrorOccurred: parseError)
        self.parseError.send(parser, error)
    }
    func parser(_ parser: XMLParser, validationErrorOccurred validationError: any Error) {
        let error = XMLParseError(underlying: validationError as NSError, line: parser.lineNumber, column: parser.columnNumber)
        target?.parser(parser, validationErrorOccurred: validationError)
        self.validationError.send(parser, error)
    }
}
