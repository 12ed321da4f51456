/// An external entity the parser asks to resolve.
public struct XMLExternalEntityReference: TwoValues, Sendable {
    /// The entity's name.
    public let name: String
    /// Its system identifier, if any.
    public let systemID: String?
    /// `(name, systemID)`.
    public var elements: (String, String?) { (name, systemID) }
}
