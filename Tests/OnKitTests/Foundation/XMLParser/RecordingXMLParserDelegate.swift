import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A parser's own delegate, as an app would have one: records every callback it gets as
/// `"delegate <callback> <details>"`, into a log handlers may share to check the order.
final class RecordingXMLParserDelegate: NSObject, XMLParserDelegate {
    let log: Recorder<String>
    /// What `resolveExternalEntity` answers.
    let resolved: Data?

    init(log: Recorder<String> = Recorder(), resolving resolved: Data? = nil) {
        self.log = log
        self.resolved = resolved
    }

    private func record(_ entry: String) { log.append("delegate \(entry)") }

    func parserDidStartDocument(_ parser: XMLParser) { record("startDocument") }
    func parserDidEndDocument(_ parser: XMLParser) { record("endDocument") }
    func parser(
        _ parser: XMLParser, foundNotationDeclarationWithName name: String, publicID: String?, systemID: String?
    ) {
        record("notation \(name)")
    }
    func parser(
        _ parser: XMLParser, foundUnparsedEntityDeclarationWithName name: String, publicID: String?,
        systemID: String?, notationName: String?
    ) {
        record("unparsedEntity \(name)")
    }
    func parser(
        _ parser: XMLParser, foundAttributeDeclarationWithName attributeName: String,
        forElement elementName: String, type: String?, defaultValue: String?
    ) {
        record("attributeDeclaration \(attributeName)")
    }
    func parser(_ parser: XMLParser, foundElementDeclarationWithName elementName: String, model: String) {
        record("elementDeclaration \(elementName)")
    }
    func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
        record("internalEntity \(name)")
    }
    func parser(
        _ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?, systemID: String?
    ) {
        record("externalEntity \(name)")
    }
    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String]
    ) {
        record("start \(elementName)")
    }
    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
        record("end \(elementName)")
    }
    func parser(_ parser: XMLParser, didStartMappingPrefix prefix: String, toURI namespaceURI: String) {
        record("startMapping \(prefix)")
    }
    func parser(_ parser: XMLParser, didEndMappingPrefix prefix: String) { record("endMapping \(prefix)") }
    func parser(_ parser: XMLParser, foundCharacters string: String) { record("characters \(string)") }
    func parser(_ parser: XMLParser, foundIgnorableWhitespace whitespaceString: String) {
        record("whitespace \(whitespaceString.count)")
    }
    func parser(_ parser: XMLParser, foundProcessingInstructionWithTarget target: String, data: String?) {
        record("instruction \(target)")
    }
    func parser(_ parser: XMLParser, foundComment comment: String) { record("comment \(comment)") }
    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) { record("cdata \(CDATABlock.count)") }
    func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? {
        record("resolve \(name)")
        return resolved
    }
    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        record("parseError \((parseError as NSError).code)")
    }
    func parser(_ parser: XMLParser, validationErrorOccurred validationError: any Error) {
        record("validationError \((validationError as NSError).code)")
    }
}
