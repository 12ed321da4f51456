import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Calls on the delegate a proxy forwards to, one per `XMLParserDelegate` method.
///
/// The only platform difference of the adapter lives here: on Linux every method of the
/// protocol is a requirement with a default implementation, so the call always happens; on
/// Apple platforms the methods are optional, and a method the delegate does not implement is
/// skipped (as `XMLParser` itself would skip it).
extension XMLParserDelegate {
    #if canImport(ObjectiveC)
    func forwardDidStartDocument(_ parser: XMLParser) {
        parserDidStartDocument?(parser)
    }

    func forwardDidEndDocument(_ parser: XMLParser) {
        parserDidEndDocument?(parser)
    }

    func forwardNotationDeclaration(_ parser: XMLParser, _ name: String, _ publicID: String?, _ systemID: String?) {
        self.parser?(parser, foundNotationDeclarationWithName: name, publicID: publicID, systemID: systemID)
    }

    func forwardUnparsedEntityDeclaration(
        _ parser: XMLParser, _ name: String, _ publicID: String?, _ systemID: String?, _ notationName: String?
    ) {
        self.parser?(
            parser, foundUnparsedEntityDeclarationWithName: name, publicID: publicID, systemID: systemID,
            notationName: notationName
        )
    }

    func forwardAttributeDeclaration(
        _ parser: XMLParser, _ attributeName: String, _ elementName: String, _ type: String?, _ defaultValue: String?
    ) {
        self.parser?(
            parser, foundAttributeDeclarationWithName: attributeName, forElement: elementName, type: type,
            defaultValue: defaultValue
        )
    }

    func forwardElementDeclaration(_ parser: XMLParser, _ elementName: String, _ model: String) {
        self.parser?(parser, foundElementDeclarationWithName: elementName, model: model)
    }

    func forwardInternalEntityDeclaration(_ parser: XMLParser, _ name: String, _ value: String?) {
        self.parser?(parser, foundInternalEntityDeclarationWithName: name, value: value)
    }

    func forwardExternalEntityDeclaration(
        _ parser: XMLParser, _ name: String, _ publicID: String?, _ systemID: String?
    ) {
        self.parser?(parser, foundExternalEntityDeclarationWithName: name, publicID: publicID, systemID: systemID)
    }

    func forwardDidStartElement(_ parser: XMLParser, _ element: XMLParserElement) {
        self.parser?(
            parser, didStartElement: element.name, namespaceURI: element.namespaceURI,
            qualifiedName: element.qualifiedName, attributes: element.attributes
        )
    }

    func forwardDidEndElement(_ parser: XMLParser, _ element: XMLParserElement) {
        self.parser?(
            parser, didEndElement: element.name, namespaceURI: element.namespaceURI,
            qualifiedName: element.qualifiedName
        )
    }

    func forwardDidStartMappingPrefix(_ parser: XMLParser, _ prefix: String, _ namespaceURI: String) {
        self.parser?(parser, didStartMappingPrefix: prefix, toURI: namespaceURI)
    }

    func forwardDidEndMappingPrefix(_ parser: XMLParser, _ prefix: String) {
        self.parser?(parser, didEndMappingPrefix: prefix)
    }

    func forwardFoundCharacters(_ parser: XMLParser, _ string: String) {
        self.parser?(parser, foundCharacters: string)
    }

    func forwardFoundIgnorableWhitespace(_ parser: XMLParser, _ whitespace: String) {
        self.parser?(parser, foundIgnorableWhitespace: whitespace)
    }

    func forwardProcessingInstruction(_ parser: XMLParser, _ target: String, _ data: String?) {
        self.parser?(parser, foundProcessingInstructionWithTarget: target, data: data)
    }

    func forwardFoundComment(_ parser: XMLParser, _ comment: String) {
        self.parser?(parser, foundComment: comment)
    }

    func forwardFoundCDATA(_ parser: XMLParser, _ block: Data) {
        self.parser?(parser, foundCDATA: block)
    }

    /// `nil` when the delegate does not implement the method, or answers `nil`.
    func forwardResolveExternalEntity(_ parser: XMLParser, _ name: String, _ systemID: String?) -> Data? {
        self.parser?(parser, resolveExternalEntityName: name, systemID: systemID) ?? nil
    }

    func forwardParseError(_ parser: XMLParser, _ error: any Error) {
        self.parser?(parser, parseErrorOccurred: error)
    }

    func forwardValidationError(_ parser: XMLParser, _ error: any Error) {
        self.parser?(parser, validationErrorOccurred: error)
    }
    #else
    func forwardDidStartDocument(_ parser: XMLParser) {
        parserDidStartDocument(parser)
    }

    func forwardDidEndDocument(_ parser: XMLParser) {
        parserDidEndDocument(parser)
    }

    func forwardNotationDeclaration(_ parser: XMLParser, _ name: String, _ publicID: String?, _ systemID: String?) {
        self.parser(parser, foundNotationDeclarationWithName: name, publicID: publicID, systemID: systemID)
    }

    func forwardUnparsedEntityDeclaration(
        _ parser: XMLParser, _ name: String, _ publicID: String?, _ systemID: String?, _ notationName: String?
    ) {
        self.parser(
            parser, foundUnparsedEntityDeclarationWithName: name, publicID: publicID, systemID: systemID,
            notationName: notationName
        )
    }

    func forwardAttributeDeclaration(
        _ parser: XMLParser, _ attributeName: String, _ elementName: String, _ type: String?, _ defaultValue: String?
    ) {
        self.parser(
            parser, foundAttributeDeclarationWithName: attributeName, forElement: elementName, type: type,
            defaultValue: defaultValue
        )
    }

    func forwardElementDeclaration(_ parser: XMLParser, _ elementName: String, _ model: String) {
        self.parser(parser, foundElementDeclarationWithName: elementName, model: model)
    }

    func forwardInternalEntityDeclaration(_ parser: XMLParser, _ name: String, _ value: String?) {
        self.parser(parser, foundInternalEntityDeclarationWithName: name, value: value)
    }

    func forwardExternalEntityDeclaration(
        _ parser: XMLParser, _ name: String, _ publicID: String?, _ systemID: String?
    ) {
        self.parser(parser, foundExternalEntityDeclarationWithName: name, publicID: publicID, systemID: systemID)
    }

    func forwardDidStartElement(_ parser: XMLParser, _ element: XMLParserElement) {
        self.parser(
            parser, didStartElement: element.name, namespaceURI: element.namespaceURI,
            qualifiedName: element.qualifiedName, attributes: element.attributes
        )
    }

    func forwardDidEndElement(_ parser: XMLParser, _ element: XMLParserElement) {
        self.parser(
            parser, didEndElement: element.name, namespaceURI: element.namespaceURI,
            qualifiedName: element.qualifiedName
        )
    }

    func forwardDidStartMappingPrefix(_ parser: XMLParser, _ prefix: String, _ namespaceURI: String) {
        self.parser(parser, didStartMappingPrefix: prefix, toURI: namespaceURI)
    }

    func forwardDidEndMappingPrefix(_ parser: XMLParser, _ prefix: String) {
        self.parser(parser, didEndMappingPrefix: prefix)
    }

    func forwardFoundCharacters(_ parser: XMLParser, _ string: String) {
        self.parser(parser, foundCharacters: string)
    }

    func forwardFoundIgnorableWhitespace(_ parser: XMLParser, _ whitespace: String) {
        self.parser(parser, foundIgnorableWhitespace: whitespace)
    }

    func forwardProcessingInstruction(_ parser: XMLParser, _ target: String, _ data: String?) {
        self.parser(parser, foundProcessingInstructionWithTarget: target, data: data)
    }

    func forwardFoundComment(_ parser: XMLParser, _ comment: String) {
        self.parser(parser, foundComment: comment)
    }

    func forwardFoundCDATA(_ parser: XMLParser, _ block: Data) {
        self.parser(parser, foundCDATA: block)
    }

    /// The delegate's answer (its default implementation answers `nil`).
    func forwardResolveExternalEntity(_ parser: XMLParser, _ name: String, _ systemID: String?) -> Data? {
        self.parser(parser, resolveExternalEntityName: name, systemID: systemID)
    }

    func forwardParseError(_ parser: XMLParser, _ error: any Error) {
        self.parser(parser, parseErrorOccurred: error)
    }

    func forwardValidationError(_ parser: XMLParser, _ error: any Error) {
        self.parser(parser, validationErrorOccurred: error)
    }
    #endif
}
