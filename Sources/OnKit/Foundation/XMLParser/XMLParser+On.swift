import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Every `XMLParserDelegate` callback as an OnKit event: `parser.on.didStartElement { … }`.
///
/// ```swift
/// let parser = XMLParser(data: data)
/// parser.on.didStartElement { parser, element in print(element.name, element.attributes) }
/// parser.on.foundCharacters { parser, text in print(text) }
/// parser.on.parseError { parser, error in print("line \(error.line), column \(error.column)") }
/// parser.parse()
/// ```
///
/// ## How it works, and lifetime
/// The first `parser.on.…` call installs a delegate proxy as `parser.delegate`, stored on the
/// parser (host-bound storage): it lives as long as the parser, and the parser never keeps it
/// or the handlers alive beyond that. Each call returns a `Subscription`; cancel it, store it
/// in a `Lifetime`, or let it go with the parser. Handlers run on the thread that calls
/// `parse()`, in the order they were added; several per callback are fine. Handlers get the
/// parser as their first argument: don't capture it (that would keep it alive forever).
///
/// ## Coexisting with your own delegate
/// - A delegate the parser had before keeps receiving **every** callback, **before** OnKit's
///   handlers. It is held weakly, as the parser held it: OnKit neither keeps it alive nor drops it.
/// - Setting `parser.delegate` after an `on.` call replaces OnKit's proxy: until the next
///   `parser.on.…` call only your delegate is called. That next call puts the proxy back and
///   forwards to the delegate you set.
/// - `resolveExternalEntity` answers with the first non-`nil` data: your delegate's, then the
///   handlers' in order.
///
/// ## Linux notes (swift-corelibs-foundation, checked on Swift 6.3)
/// - Never called on Linux: `foundInternalEntityDeclaration`, `foundExternalEntityDeclaration`,
///   `foundIgnorableWhitespace`, `validationError`. They are delivered on Apple platforms, and
///   if anything calls the parser's delegate directly.
/// - `resolveExternalEntity` is asked only for undeclared entities (`systemID` is `nil`), and
///   Linux ignores the data returned.
/// - `foundElementDeclaration`'s `model` and `foundAttributeDeclaration`'s `type` are always `""`.
/// - A Foundation bug crashes any parser that has a delegate (with OnKit or without) on a DTD
///   declaration with a missing optional part: an `<!ATTLIST>` attribute without a default
///   value (`#REQUIRED`, `#IMPLIED`), or a `<!NOTATION>` or unparsed `<!ENTITY … NDATA>`
///   without a public ID. OnKit cannot intercept it: it happens before the delegate is called.
/// - Linux recovers from errors: `parseError` may come several times in one parse, and
///   `parse()` may return `true` after one. A document of fewer than 4 bytes is not parsed at
///   all (no callback, no error). An unparsed entity declaration is reported, then followed by
///   a spurious `parseError` (code 521).
/// - Errors carry libxml2's codes; see `XMLParseError` before converting them to
///   `XMLParser.ErrorCode` on Linux.
extension On where Base: XMLParser {
    private var proxy: XMLParserDelegateProxy { XMLParserDelegateProxy.installed(on: base, slot: \.delegate) }

    // MARK: Document

    /// Adds a handler called when the parser begins the document.
    ///
    /// ```swift
    /// parser.on.didStartDocument { parser in print("start") }
    /// ```
    @discardableResult
    public func didStartDocument(_ handler: @escaping @Sendable (XMLParser) -> Void) -> Subscription {
        proxy.didStartDocument.subscribe { parser, _ in handler(parser) }
    }

    /// Adds a handler called when the parser reaches the end of the document.
    ///
    /// ```swift
    /// parser.on.didEndDocument { parser in print("done") }
    /// ```
    @discardableResult
    public func didEndDocument(_ handler: @escaping @Sendable (XMLParser) -> Void) -> Subscription {
        proxy.didEndDocument.subscribe { parser, _ in handler(parser) }
    }

    // MARK: DTD declarations

    /// Adds a handler called for each `<!NOTATION>` declaration: name, public ID, system ID.
    ///
    /// ```swift
    /// parser.on.foundNotationDeclaration { parser, name, publicID, systemID in print(name) }
    /// ```
    @discardableResult
    public func foundNotationDeclaration(
        _ handler: @escaping @Sendable (XMLParser, String, String?, String?) -> Void
    ) -> Subscription {
        proxy.foundNotationDeclaration.subscribe { parser, found in
            handler(parser, found.name, found.publicID, found.systemID)
        }
    }

    /// Adds a handler called for each unparsed entity declaration (`<!ENTITY name … NDATA notation>`):
    /// name, public ID, system ID, notation name.
    ///
    /// ```swift
    /// parser.on.foundUnparsedEntityDeclaration { parser, name, publicID, systemID, notation in }
    /// ```
    @discardableResult
    public func foundUnparsedEntityDeclaration(
        _ handler: @escaping @Sendable (XMLParser, String, String?, String?, String?) -> Void
    ) -> Subscription {
        proxy.foundUnparsedEntityDeclaration.subscribe { parser, found in
            handler(parser, found.name, found.publicID, found.systemID, found.notationName)
        }
    }

    /// Adds a handler called for each attribute of an `<!ATTLIST>` declaration: attribute name,
    /// element name, type, default value.
    ///
    /// ```swift
    /// parser.on.foundAttributeDeclaration { parser, attribute, element, type, defaultValue in }
    /// ```
    @discardableResult
    public func foundAttributeDeclaration(
        _ handler: @escaping @Sendable (XMLParser, String, String, String?, String?) -> Void
    ) -> Subscription {
        proxy.foundAttributeDeclaration.subscribe { parser, found in
            handler(parser, found.attributeName, found.elementName, found.type, found.defaultValue)
        }
    }

    /// Adds a handler called for each `<!ELEMENT>` declaration: element name, content model.
    ///
    /// ```swift
    /// parser.on.foundElementDeclaration { parser, element, model in print(element) }
    /// ```
    @discardableResult
    public func foundElementDeclaration(
        _ handler: @escaping @Sendable (XMLParser, String, String) -> Void
    ) -> Subscription {
        proxy.foundElementDeclaration.subscribe { parser, found in handler(parser, found.elementName, found.model) }
    }

    /// Adds a handler called for each internal entity declaration: name, value.
    /// Not called by Foundation on Linux.
    ///
    /// ```swift
    /// parser.on.foundInternalEntityDeclaration { parser, name, value in }
    /// ```
    @discardableResult
    public func foundInternalEntityDeclaration(
        _ handler: @escaping @Sendable (XMLParser, String, String?) -> Void
    ) -> Subscription {
        proxy.foundInternalEntityDeclaration.subscribe { parser, found in handler(parser, found.name, found.value) }
    }

    /// Adds a handler called for each external entity declaration: name, public ID, system ID.
    /// Not called by Foundation on Linux.
    ///
    /// ```swift
    /// parser.on.foundExternalEntityDeclaration { parser, name, publicID, systemID in }
    /// ```
    @discardableResult
    public func foundExternalEntityDeclaration(
        _ handler: @escaping @Sendable (XMLParser, String, String?, String?) -> Void
    ) -> Subscription {
        proxy.foundExternalEntityDeclaration.subscribe { parser, found in
            handler(parser, found.name, found.publicID, found.systemID)
        }
    }

    // MARK: Elements and namespaces

    /// Adds a handler called for each start tag, with the element's name, namespace and attributes.
    ///
    /// ```swift
    /// parser.on.didStartElement { parser, element in print(element.name, element.attributes) }
    /// ```
    @discardableResult
    public func didStartElement(_ handler: @escaping @Sendable (XMLParser, XMLParserElement) -> Void) -> Subscription {
        proxy.didStartElement.subscribe(handler)
    }

    /// Adds a handler called for each end tag (the element's `attributes` are empty).
    ///
    /// ```swift
    /// parser.on.didEndElement { parser, element in print("</\(element.name)>") }
    /// ```
    @discardableResult
    public func didEndElement(_ handler: @escaping @Sendable (XMLParser, XMLParserElement) -> Void) -> Subscription {
        proxy.didEndElement.subscribe(handler)
    }

    /// Adds a handler called when a namespace prefix comes into scope: prefix (`""` for the
    /// default namespace), namespace URI. Needs `shouldReportNamespacePrefixes`.
    ///
    /// ```swift
    /// parser.shouldReportNamespacePrefixes = true
    /// parser.on.didStartMappingPrefix { parser, prefix, uri in print(prefix, uri) }
    /// ```
    @discardableResult
    public func didStartMappingPrefix(
        _ handler: @escaping @Sendable (XMLParser, String, String) -> Void
    ) -> Subscription {
        proxy.didStartMappingPrefix.subscribe { parser, mapping in
            handler(parser, mapping.prefix, mapping.namespaceURI)
        }
    }

    /// Adds a handler called when a namespace prefix goes out of scope.
    /// Needs `shouldReportNamespacePrefixes`.
    ///
    /// ```swift
    /// parser.on.didEndMappingPrefix { parser, prefix in print(prefix) }
    /// ```
    @discardableResult
    public func didEndMappingPrefix(_ handler: @escaping @Sendable (XMLParser, String) -> Void) -> Subscription {
        proxy.didEndMappingPrefix.subscribe(handler)
    }

    // MARK: Content

    /// Adds a handler called with character data; one run of text may come in several pieces.
    ///
    /// ```swift
    /// parser.on.foundCharacters { parser, text in buffer.append(text) }
    /// ```
    @discardableResult
    public func foundCharacters(_ handler: @escaping @Sendable (XMLParser, String) -> Void) -> Subscription {
        proxy.foundCharacters.subscribe(handler)
    }

    /// Adds a handler called with ignorable whitespace. Not called by Foundation on Linux (the
    /// whitespace comes through `foundCharacters`).
    ///
    /// ```swift
    /// parser.on.foundIgnorableWhitespace { parser, whitespace in }
    /// ```
    @discardableResult
    public func foundIgnorableWhitespace(_ handler: @escaping @Sendable (XMLParser, String) -> Void) -> Subscription {
        proxy.foundIgnorableWhitespace.subscribe(handler)
    }

    /// Adds a handler called for each processing instruction (`<?target data?>`): target, data.
    ///
    /// ```swift
    /// parser.on.foundProcessingInstruction { parser, target, data in print(target, data ?? "") }
    /// ```
    @discardableResult
    public func foundProcessingInstruction(
        _ handler: @escaping @Sendable (XMLParser, String, String?) -> Void
    ) -> Subscription {
        proxy.foundProcessingInstruction.subscribe { parser, found in handler(parser, found.target, found.data) }
    }

    /// Adds a handler called with the text of each comment.
    ///
    /// ```swift
    /// parser.on.foundComment { parser, comment in print(comment) }
    /// ```
    @discardableResult
    public func foundComment(_ handler: @escaping @Sendable (XMLParser, String) -> Void) -> Subscription {
        proxy.foundComment.subscribe(handler)
    }

    /// Adds a handler called with the bytes of each CDATA section.
    ///
    /// ```swift
    /// parser.on.foundCDATA { parser, data in print(String(decoding: data, as: UTF8.self)) }
    /// ```
    @discardableResult
    public func foundCDATA(_ handler: @escaping @Sendable (XMLParser, Data) -> Void) -> Subscription {
        proxy.foundCDATA.subscribe(handler)
    }

    /// Adds a handler asked to resolve an external entity: name, system ID; it answers the data
    /// or `nil`. The first non-`nil` answer wins — the parser's own delegate's, then the
    /// handlers' in order; later handlers are not asked.
    ///
    /// ```swift
    /// parser.on.resolveExternalEntity { parser, name, systemID in
    ///     name == "copyright" ? Data("© 2026".utf8) : nil
    /// }
    /// ```
    @discardableResult
    public func resolveExternalEntity(
        _ handler: @escaping @Sendable (XMLParser, String, String?) -> Data?
    ) -> Subscription {
        proxy.resolveExternalEntity.subscribe { parser, entity in handler(parser, entity.name, entity.systemID) }
    }

    // MARK: Errors

    /// Adds a handler called when the parser finds the document malformed, with the error and
    /// the line and column where it was found.
    ///
    /// ```swift
    /// parser.on.parseError { parser, error in
    ///     print("line \(error.line), column \(error.column): \(error.underlying.code)")
    /// }
    /// ```
    @discardableResult
    public func parseError(_ handler: @escaping @Sendable (XMLParser, XMLParseError) -> Void) -> Subscription {
        proxy.parseError.subscribe(handler)
    }

    /// Adds a handler called for each validation error, with its line and column.
    /// Not called by Foundation on Linux (it does not validate).
    ///
    /// ```swift
    /// parser.on.validationError { parser, error in print(error) }
    /// ```
    @discardableResult
    public func validationError(_ handler: @escaping @Sendable (XMLParser, XMLParseError) -> Void) -> Subscription {
        proxy.validationError.subscribe(handler)
    }
}
