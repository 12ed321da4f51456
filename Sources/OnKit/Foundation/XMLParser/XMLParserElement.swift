import Foundation

/// An element as `XMLParser` reports it: what `parser.on.didStartElement` and
/// `parser.on.didEndElement` hand to their handlers.
///
/// With `shouldProcessNamespaces` on, `name` is the local name, `namespaceURI` the namespace
/// (`nil` for none, on every platform) and `qualifiedName` the prefixed name (`x:item`). With it
/// off, `name` is the name as written (`x:item`) and the other two are `nil`.
public struct XMLParserElement: NamedFields, Sendable, Hashable {
    /// The element's name: local when namespaces are processed, as written otherwise.
    public var name: String
    /// The element's namespace, when the parser processes namespaces and the element has one;
    /// `nil` otherwise.
    public var namespaceURI: String?
    /// The prefixed name (`x:item`), when the parser processes namespaces.
    public var qualifiedName: String?
    /// The attributes of the start tag, by (qualified) name. Always empty for an end tag.
    public var attributes: [String: String]

    /// Creates an element; OnKit makes these from the parser's callbacks:
    /// `let item = XMLParserElement(name: "item", attributes: ["id": "1"])`.
    public init(name: String, namespaceURI: String? = nil, qualifiedName: String? = nil, attributes: [String: String] = [:]) {
        self.name = name
        self.namespaceURI = namespaceURI
        self.qualifiedName = qualifiedName
        self.attributes = attributes
    }

    /// An element as the parser reported it. Linux Foundation reports an element in no namespace
    /// with the namespace `""` where Apple's reports `nil`: both become `nil` here, so that a
    /// `namespaceURI == nil` test works the same on every platform. (The user's own delegate
    /// still gets what the parser reported.)
    init(reportedName name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        self.init(
            name: name, namespaceURI: namespaceURI?.isEmpty == true ? nil : namespaceURI,
            qualifiedName: qualifiedName, attributes: attributes
        )
    }
}
