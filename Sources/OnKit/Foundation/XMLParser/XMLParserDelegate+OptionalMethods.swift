#if canImport(ObjectiveC)
import Foundation

/// The forward target of `XMLParserDelegateProxy` on Apple platforms, where the protocol's
/// methods are optional: a call the delegate does not implement is skipped, as `XMLParser`
/// skips it. On Linux the proxy calls the delegate with the same spellings.
struct XMLParserOptionalMethods {
    let delegate: any XMLParserDelegate

    func parserDidStartDocument(_ p: XMLParser) { delegate.parserDidStartDocument?(p) }
    func parserDidEndDocument(_ p: XMLParser) { delegate.parserDidEndDocument?(p) }
    func parser(_ p: XMLParser, foundNotationDeclarationWithName n: String, publicID: String?, systemID: String?) {
        delegate.parser?(p, foundNotationDeclarationWithName: n, publicID: publicID, systemID: systemID)
    }
    func parser(
        _ p: XMLParser, foundUnparsedEntityDeclarationWithName n: String, publicID: String?, systemID: String?, notationName: String?
    ) {
        delegate.parser?(p, foundUnparsedEntityDeclarationWithName: n, publicID: publicID, systemID: systemID, notationName: notationName)
    }
    func parser(
        _ p: XMLParser, foundAttributeDeclarationWithName n: String, forElement e: String, type: String?, defaultValue: String?
    ) {
        delegate.parser?(p, foundAttributeDeclarationWithName: n, forElement: e, type: type, defaultValue: defaultValue)
    }
    func parser(_ p: XMLParser, foundElementDeclarationWithName n: String, model: String) {
        delegate.parser?(p, foundElementDeclarationWithName: n, model: model)
    }
    func parser(_ p: XMLParser, foundInternalEntityDeclarationWithName n: String, value: String?) {
        delegate.parser?(p, foundInternalEntityDeclarationWithName: n, value: value)
    }
    func parser(_ p: XMLParser, foundExternalEntityDeclarationWithName n: String, publicID: String?, systemID: String?) {
        delegate.parser?(p, foundExternalEntityDeclarationWithName: n, publicID: publicID, systemID: systemID)
    }
    func parser(_ p: XMLParser, didStartElement n: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String]) {
        delegate.parser?(p, didStartElement: n, namespaceURI: namespaceURI, qualifiedName: qualifiedName, attributes: attributes)
    }
    func parser(_ p: XMLParser, didEndElement n: String, namespaceURI: String?, qualifiedName: String?) {
        delegate.parser?(p, didEndElement: n, namespaceURI: namespaceURI, qualifiedName: qualifiedName)
    }
    func parser(_ p: XMLParser, didStartMappingPrefix prefix: String, toURI uri: String) {
        delegate.parser?(p, didStartMappingPrefix: prefix, toURI: uri)
    }
    func parser(_ p: XMLParser, didEndMappingPrefix prefix: String) { delegate.parser?(p, didEndMappingPrefix: prefix) }
    func parser(_ p: XMLParser, foundCharacters s: String) { delegate.parser?(p, foundCharacters: s) }
    func parser(_ p: XMLParser, foundIgnorableWhitespace s: String) { delegate.parser?(p, foundIgnorableWhitespace: s) }
    func parser(_ p: XMLParser, foundProcessingInstructionWithTarget t: String, data: String?) {
        delegate.parser?(p, foundProcessingInstructionWithTarget: t, data: data)
    }
    func parser(_ p: XMLParser, foundComment s: String) { delegate.parser?(p, foundComment: s) }
    func parser(_ p: XMLParser, foundCDATA d: Data) { delegate.parser?(p, foundCDATA: d) }
    func parser(_ p: XMLParser, resolveExternalEntityName n: String, systemID: String?) -> Data? {
        delegate.parser?(p, resolveExternalEntityName: n, systemID: systemID) ?? nil
    }
    func parser(_ p: XMLParser, parseErrorOccurred e: any Error) { delegate.parser?(p, parseErrorOccurred: e) }
    func parser(_ p: XMLParser, validationErrorOccurred e: any Error) { delegate.parser?(p, validationErrorOccurred: e) }
}
#endif
