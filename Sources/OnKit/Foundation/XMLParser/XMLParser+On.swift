import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Every `XMLParserDelegate` callback as an OnKit event: `parser.on.didStartElement { element in … }`.
///
/// Each callback is a read-only event (`resolveExternalEntity`: a decision) with the parser typed
/// `Base` and the callback's values as one argument (a small struct where there are several, also taken flat).
///
/// The first `parser.on.…` call installs a delegate proxy, with every adapter's rules
/// (<doc:Semantics>: the parser's own delegate first, kept weakly); handlers run on the thread that calls `parse()`.
/// Each callback is a local face (``ReadOnlyLocalDecision``): handlers may change local state, and
/// are released on the parsing thread when the parse ends (see `removeLocalHandlers()`).
///
/// ## Linux (swift-corelibs-foundation, Swift 6.3)
/// - Never called: `foundInternalEntityDeclaration`, `foundExternalEntityDeclaration`,
///   `foundIgnorableWhitespace`, `validationError`.
/// - `resolveExternalEntity` is asked only for undeclared entities (`systemID` `nil`), and the
///   data returned is ignored. `foundElementDeclaration`'s `model` and
///   `foundAttributeDeclaration`'s `type` are always `""`.
/// - A Foundation bug crashes any parser with a delegate on a DTD declaration missing an
///   optional part (an `<!ATTLIST>` attribute without a default, a `<!NOTATION>` or `NDATA`
///   entity without a public ID), before the delegate is called.
/// - Errors are recovered from: `parseError` may come several times, `parse()` may still
///   return `true`, and an unparsed entity declaration is followed by a spurious error (code
///   521). A document under 4 bytes is not parsed at all. Codes are libxml2's (`XMLParseError`).
extension On where Base: XMLParser {
    /// The proxy's `callback`, with the sender typed `Base`; installs the proxy.
    ///
    /// A local face (``ReadOnlyLocalDecision``): the parser is not `Sendable` and `parse()` calls
    /// back synchronously on its own thread, so handlers may fill local variables.
    private func face<Args, Answer>(
        _ callback: KeyPath<XMLParserDelegateProxy, LocalProxyCallback<XMLParser, Args, Answer>>
    ) -> ReadOnlyLocalDecision<Base, Args, Answer> {
        XMLParserDelegateProxy.installed(on: base, slot: \.delegate)[keyPath: callback].face(serving: base, as: Base.self)
    }

    /// Releases every local handler of this parser now, with what it captured, on this thread:
    /// `parser.on.removeLocalHandlers()`. The handlers of the `Sendable` faces (`shared`) stay.
    ///
    /// OnKit releases them itself where a parse ends, on the parsing thread, when the parser
    /// reports the end of the document (Foundation on Linux reports it also after errors it
    /// recovered from); on Apple platforms also when the parser is freed. A parse that ends
    /// without it (`abortParsing()`, an unsupported encoding; on Linux a document under 4 bytes)
    /// leaves them, and on Linux nothing runs on the parser's thread when it is freed: there,
    /// call this after such a parse, or before dropping a parser you did not parse. Otherwise
    /// they are kept for the life of the process (a DEBUG build warns), never released on the
    /// thread that frees the parser's storage, where their captures' `deinit`s could race.
    public func removeLocalHandlers() {
        HostStorage.value(on: base, for: XMLParserDelegateProxy.key)?.removeLocalHandlers()
    }

    /// The parser begins the document: `parser.on.didStartDocument { print("start") }`.
    public var didStartDocument: ReadOnlyLocalEvent<Base, Void> { face(\.didStartDocument) }

    /// The parser reaches the end of the document: `parser.on.didEndDocument { print("done") }`.
    public var didEndDocument: ReadOnlyLocalEvent<Base, Void> { face(\.didEndDocument) }

    /// Each `<!NOTATION>` declaration:
    /// `parser.on.foundNotationDeclaration { notation in print(notation.name, notation.systemID ?? "") }`.
    public var foundNotationDeclaration: ReadOnlyLocalEvent<Base, XMLExternalDeclaration> {
        face(\.foundNotationDeclaration)
    }

    /// Each unparsed entity declaration (`<!ENTITY name … NDATA notation>`):
    /// `parser.on.foundUnparsedEntityDeclaration { entity in print(entity.name, entity.notationName ?? "") }`.
    public var foundUnparsedEntityDeclaration: ReadOnlyLocalEvent<Base, XMLUnparsedEntityDeclaration> { face(\.foundUnparsedEntityDeclaration) }

    /// Each attribute of an `<!ATTLIST>` declaration (`type` is always `""` on Linux):
    /// `parser.on.foundAttributeDeclaration { declaration in print(declaration.attributeName) }`.
    public var foundAttributeDeclaration: ReadOnlyLocalEvent<Base, XMLAttributeDeclaration> { face(\.foundAttributeDeclaration) }

    /// Each `<!ELEMENT>` declaration (`model` is always `""` on Linux):
    /// `parser.on.foundElementDeclaration { declaration in print(declaration.elementName) }`.
    public var foundElementDeclaration: ReadOnlyLocalEvent<Base, XMLElementDeclaration> {
        face(\.foundElementDeclaration)
    }

    /// Each internal entity declaration; not called by Foundation on Linux:
    /// `parser.on.foundInternalEntityDeclaration { entity in print(entity.name, entity.value ?? "") }`.
    public var foundInternalEntityDeclaration: ReadOnlyLocalEvent<Base, XMLInternalEntityDeclaration> {
        face(\.foundInternalEntityDeclaration)
    }

    /// Each external entity declaration; not called by Foundation on Linux:
    /// `parser.on.foundExternalEntityDeclaration { entity in print(entity.name, entity.systemID ?? "") }`.
    public var foundExternalEntityDeclaration: ReadOnlyLocalEvent<Base, XMLExternalDeclaration> { face(\.foundExternalEntityDeclaration) }

    /// Each start tag, with the element's name, namespace and attributes:
    /// `parser.on.didStartElement { element in print(element.name, element.attributes) }`.
    public var didStartElement: ReadOnlyLocalEvent<Base, XMLParserElement> { face(\.didStartElement) }

    /// Each end tag (the element's `attributes` are empty):
    /// `parser.on.didEndElement { element in print("</\(element.name)>") }`.
    public var didEndElement: ReadOnlyLocalEvent<Base, XMLParserElement> { face(\.didEndElement) }

    /// A namespace prefix comes into scope (`""` for the default namespace); needs
    /// `shouldReportNamespacePrefixes`:
    /// `parser.on.didStartMappingPrefix { parser, prefix, uri in print(prefix, uri) }`.
    public var didStartMappingPrefix: ReadOnlyLocalEvent<Base, XMLPrefixMapping> {
        face(\.didStartMappingPrefix)
    }

    /// A namespace prefix goes out of scope; needs `shouldReportNamespacePrefixes`:
    /// `parser.on.didEndMappingPrefix { prefix in print(prefix) }`.
    public var didEndMappingPrefix: ReadOnlyLocalEvent<Base, String> { face(\.didEndMappingPrefix) }

    /// Character data; one run of text may come in several pieces:
    /// `parser.on.foundCharacters { text += $0 }`.
    public var foundCharacters: ReadOnlyLocalEvent<Base, String> { face(\.foundCharacters) }

    /// Ignorable whitespace; not called by Foundation on Linux (it comes as `foundCharacters`):
    /// `parser.on.foundIgnorableWhitespace { whitespace in print(whitespace.count) }`.
    public var foundIgnorableWhitespace: ReadOnlyLocalEvent<Base, String> { face(\.foundIgnorableWhitespace) }

    /// Each processing instruction (`<?target data?>`):
    /// `parser.on.foundProcessingInstruction { instruction in print(instruction.target) }`.
    public var foundProcessingInstruction: ReadOnlyLocalEvent<Base, XMLProcessingInstruction> {
        face(\.foundProcessingInstruction)
    }

    /// The text of each comment: `parser.on.foundComment { comment in print(comment) }`.
    public var foundComment: ReadOnlyLocalEvent<Base, String> { face(\.foundComment) }

    /// The bytes of each CDATA section:
    /// `parser.on.foundCDATA { data in print(String(decoding: data, as: UTF8.self)) }`.
    public var foundCDATA: ReadOnlyLocalEvent<Base, Data> { face(\.foundCDATA) }

    /// Asked to resolve an external entity: handlers answer its data or `nil`. The first
    /// non-`nil` answer wins — the parser's own delegate's, then the handlers' in order; later
    /// handlers are not asked:
    /// `parser.on.resolveExternalEntity { entity in entity.name == "c" ? Data("©".utf8) : nil }`.
    public var resolveExternalEntity: ReadOnlyLocalDecision<Base, XMLExternalEntityReference, Data?> {
        face(\.resolveExternalEntity)
    }

    /// The document is malformed: the error, with the line and column where it was found:
    /// `parser.on.parseError { error in print("line \(error.line), column \(error.column)") }`.
    public var parseError: ReadOnlyLocalEvent<Base, XMLParseError> { face(\.parseError) }

    /// Each validation error, with its line and column; not called by Foundation on Linux (it
    /// does not validate): `parser.on.validationError { error in print(error) }`.
    public var validationError: ReadOnlyLocalEvent<Base, XMLParseError> { face(\.validationError) }
}
