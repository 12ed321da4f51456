/// A namespace prefix coming into scope (`""` for the default namespace).
public struct XMLPrefixMapping: TwoValues, Sendable {
    /// The prefix.
    public let prefix: String
    /// The namespace it stands for.
    public let namespaceURI: String
    /// `(prefix, namespaceURI)`.
    public var elements: (String, String) { (prefix, namespaceURI) }
}
