import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The `XMLParserDelegate` OnKit installs on a parser: every callback is forwarded to the
/// parser's own delegate first, then sent to OnKit's handlers (see `DelegateProxy`).
final class XMLParserDelegateProxy: NSObject, XMLParserDelegate, DelegateProxy {
    static let key = AssociationKey<XMLParserDelegateProxy>(
        "XMLParser.delegateProxy", default: XMLParserDelegateProxy()
    )

    /// `XMLParser` holds its delegate weakly, on Linux and on Apple platforms.
    let forwarding = DelegateForwarding<any XMLParserDelegate>(ownership: .weak)

    var asDelegate: any XMLParserDelegate { self }

    // One event per delegate method, in the protocol's order.
    let didStartDocument = Event<XMLParser, Void>()
    let didEndDocument = Event<XMLParser, Void>()
    let foundNotationDeclaration = Event<XMLParser, (name: String, publicID: String?, systemID: String?)>()
    let foundUnparsedEntityDeclaration = Event<
        XMLParser, (name: String, publicID: String?, systemID: String?, notationName: String?)
    >()
    let foundAttributeDeclaration = Event<
        XMLParser, (attributeName: String, elementName: String, type: String?, defaultValue: String?)
    >()
    let foundElementDeclaration = Event<XMLParser, (elementName: String, model: String)>()
    let foundInternalEntityDeclaration = Event<XMLParser, (name: String, value: String?)>()
    let foundExternalEntityDeclaration = Event<XMLParser, (name: String, publicID: String?, systemID: String?)>()
    let didStartElement = Event<XMLParser, XMLParserElement>()
    let didEndElement = Event<XMLParser, XMLParserElement>()
    let didStartMappingPrefix = Event<XMLParser, (prefix: String, namespaceURI: String)>()
    let didEndMappingPrefix = Event<XMLParser, String>()
    let foundCharacters = Event<XMLParser, String>()
    let foundIgnorableWhitespace = Event<XMLParser, String>()
    let foundProcessingInstruction = Event<XMLParser, (target: String, data: String?)>()
    let foundComment = Event<XMLParser, String>()
    let foundCDATA = Event<XMLParser, Data>()
    let resolveExternalEntity = Decision<XMLParser, (name: String, systemID: String?), Data?>.firstNonNil()
    let parseError = Event<XMLParser, XMLParseError>()
    let validationError = Event<XMLParser, XMLParseError>()

    override init() {}

    // MARK: Document

    func parserDidStartDocument(_ parser: XMLParser) {
        forwarding.target?.forwardDidStartDocument(parser)
        didStartDocument.send(parser, ())
    }

    func parserDidEndDocument(_ parser: XMLParser) {
        forwarding.target?.forwardDidEndDocument(parser)
        didEndDocument.send(parser, ())
    }

    // MARK: DTD declarations

    func parser(
        _ parser: XMLParser, foundNotationDeclarationWithName name: String, publicID: String?, systemID: String?
    ) {
        forwarding.target?.forwardNotationDeclaration(parser, name, publicID, systemID)
        foundNotationDeclaration.send(parser, (name, publicID, systemID))
    }

    func parser(
        _ parser: XMLParser, foundUnparsedEntityDeclarationWithName name: String, publicID: String?,
        systemID: String?, notationName: String?
    ) {
        forwarding.target?.forwardUnparsedEntityDeclaration(parser, name, publicID, systemID, notationName)
        foundUnparsedEntityDeclaration.send(parser, (name, publicID, systemID, notationName))
    }

    func parser(
        _ parser: XMLParser, foundAttributeDeclarationWithName attributeName: String,
        forElement elementName: String, type: String?, defaultValue: String?
    ) {
        forwarding.target?.forwardAttributeDeclaration(parser, attributeName, elementName, type, defaultValue)
        foundAttributeDeclaration.send(parser, (attributeName, elementName, type, defaultValue))
    }

    func parser(_ parser: XMLParser, foundElementDeclarationWithName elementName: String, model: String) {
        forwarding.target?.forwardElementDeclaration(parser, elementName, model)
        foundElementDeclaration.send(parser, (elementName, model))
    }

    func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
        forwarding.target?.forwardInternalEntityDeclaration(parser, name, value)
        foundInternalEntityDeclaration.send(parser, (name, value))
    }

    func parser(
        _ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?, systemID: String?
    ) {
        forwarding.target?.forwardExternalEntityDeclaration(parser, name, publicID, systemID)
        foundExternalEntityDeclaration.send(parser, (name, publicID, systemID))
    }

    // MARK: Elements and namespaces

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String]
    ) {
        let element = XMLParserElement(
            name: elementName, namespaceURI: namespaceURI, qualifiedName: qName, attributes: attributeDict
        )
        forwarding.target?.forwardDidStartElement(parser, element)
        didStartElement.send(parser, element)
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
        let element = XMLParserElement(name: elementName, namespaceURI: namespaceURI, qualifiedName: qName)
        forwarding.target?.forwardDidEndElement(parser, element)
        didEndElement.send(parser, element)
    }

    func parser(_ parser: XMLParser, didStartMappingPrefix prefix: String, toURI namespaceURI: String) {
        forwarding.target?.forwardDidStartMappingPrefix(parser, prefix, namespaceURI)
        didStartMappingPrefix.send(parser, (prefix, namespaceURI))
    }

    func parser(_ parser: XMLParser, didEndMappingPrefix prefix: String) {
        forwarding.target?.forwardDidEndMappingPrefix(parser, prefix)
        didEndMappingPrefix.send(parser, prefix)
    }

    // MARK: Content

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        forwarding.target?.forwardFoundCharacters(parser, string)
        foundCharacters.send(parser, string)
    }

    func parser(_ parser: XMLParser, foundIgnorableWhitespace whitespaceString: String) {
        forwarding.target?.forwardFoundIgnorableWhitespace(parser, whitespaceString)
        foundIgnorableWhitespace.send(parser, whitespaceString)
    }

    func parser(_ parser: XMLParser, foundProcessingInstructionWithTarget target: String, data: String?) {
        forwarding.target?.forwardProcessingInstruction(parser, target, data)
        foundProcessingInstruction.send(parser, (target, data))
    }

    func parser(_ parser: XMLParser, foundComment comment: String) {
        forwarding.target?.forwardFoundComment(parser, comment)
        foundComment.send(parser, comment)
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        forwarding.target?.forwardFoundCDATA(parser, CDATABlock)
        foundCDATA.send(parser, CDATABlock)
    }

    func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? {
        let fromDelegate = forwarding.target.map { $0.forwardResolveExternalEntity(parser, name, systemID) }
        return resolveExternalEntity.answer(parser, (name, systemID), after: fromDelegate) ?? nil
    }

    // MARK: Errors

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        // The position is read now: it is where the parser stands when it reports the error.
        let error = XMLParseError(
            underlying: parseError as NSError, line: parser.lineNumber, column: parser.columnNumber
        )
        forwarding.target?.forwardParseError(parser, parseError)
        self.parseError.send(parser, error)
    }

    func parser(_ parser: XMLParser, validationErrorOccurred validationError: any Error) {
        let error = XMLParseError(
            underlying: validationError as NSError, line: parser.lineNumber, column: parser.columnNumber
        )
        forwarding.target?.forwardValidationError(parser, validationError)
        self.validationError.send(parser, error)
    }
}
