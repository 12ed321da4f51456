/// An internal entity declaration.
public struct XMLInternalEntityDeclaration: TwoValues, Sendable {
    /// The entity's name.
    public let name: String
    /// Its replacement text, if any.
    public let value: String?
    /// `(name, value)`.
    public var elements: (String, String?) { (name, value) }
}
