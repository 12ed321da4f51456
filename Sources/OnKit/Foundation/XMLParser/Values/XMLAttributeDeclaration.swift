/// One attribute of an `<!ATTLIST>` declaration.
public struct XMLAttributeDeclaration: FourValues, Sendable {
    /// The attribute's name.
    public let attributeName: String
    /// The element it belongs to.
    public let elementName: String
    /// Its type (always `""` on Linux).
    public let type: String?
    /// Its default value, if any.
    public let defaultValue: String?
    /// `(attributeName, elementName, type, defaultValue)`.
    public var elements: (String, String, String?, String?) { (attributeName, elementName, type, defaultValue) }
}
