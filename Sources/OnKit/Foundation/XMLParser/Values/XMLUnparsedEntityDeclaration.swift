/// An unparsed entity declaration (`<!ENTITY name … NDATA notation>`).
public struct XMLUnparsedEntityDeclaration: FourValues, Sendable {
    /// The entity's name.
    public let name: String
    /// The public identifier, if any.
    public let publicID: String?
    /// The system identifier, if any.
    public let systemID: String?
    /// The notation's name.
    public let notationName: String?
    /// `(name, publicID, systemID, notationName)`.
    public var elements: (String, String?, String?, String?) { (name, publicID, systemID, notationName) }
}
