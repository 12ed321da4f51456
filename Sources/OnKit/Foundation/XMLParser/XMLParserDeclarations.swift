// What the XMLParser callbacks with several values carry: a struct each, keeping the names the
// delegate method gives them, with the flat form's order in `elements` (see `TwoValues`).

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

/// An `<!ELEMENT>` declaration.
public struct XMLElementDeclaration: TwoValues, Sendable {
    /// The element's name.
    public let elementName: String
    /// Its content model (always `""` on Linux).
    public let model: String
    /// `(elementName, model)`.
    public var elements: (String, String) { (elementName, model) }
}

/// An internal entity declaration.
public struct XMLInternalEntityDeclaration: TwoValues, Sendable {
    /// The entity's name.
    public let name: String
    /// Its replacement text, if any.
    public let value: String?
    /// `(name, value)`.
    public var elements: (String, String?) { (name, value) }
}

/// A namespace prefix coming into scope (`""` for the default namespace).
public struct XMLPrefixMapping: TwoValues, Sendable {
    /// The prefix.
    public let prefix: String
    /// The namespace it stands for.
    public let namespaceURI: String
    /// `(prefix, namespaceURI)`.
    public var elements: (String, String) { (prefix, namespaceURI) }
}

/// A processing instruction (`<?target data?>`).
public struct XMLProcessingInstruction: TwoValues, Sendable {
    /// The instruction's target.
    public let target: String
    /// Its data, if any.
    public let data: String?
    /// `(target, data)`.
    public var elements: (String, String?) { (target, data) }
}

/// An external entity the parser asks to resolve.
public struct XMLExternalEntityReference: TwoValues, Sendable {
    /// The entity's name.
    public let name: String
    /// Its system identifier, if any.
    public let systemID: String?
    /// `(name, systemID)`.
    public var elements: (String, String?) { (name, systemID) }
}
