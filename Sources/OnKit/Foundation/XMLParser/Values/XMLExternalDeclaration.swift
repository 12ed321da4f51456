/// A `<!NOTATION>` or external entity declaration: `parser.on.foundNotationDeclaration { notation in … }`.
public struct XMLExternalDeclaration: ThreeValues, Sendable {
    /// The declared name.
    public let name: String
    /// The public identifier, if any.
    public let publicID: String?
    /// The system identifier, if any.
    public let systemID: String?
    /// `(name, publicID, systemID)`.
    public var elements: (String, String?, String?) { (name, publicID, systemID) }
}
