/// An `<!ELEMENT>` declaration.
public struct XMLElementDeclaration: TwoValues, Sendable {
    /// The element's name.
    public let elementName: String
    /// Its content model (always `""` on Linux).
    public let model: String
    /// `(elementName, model)`.
    public var elements: (String, String) { (elementName, model) }
}
