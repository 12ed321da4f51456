/// A processing instruction (`<?target data?>`).
public struct XMLProcessingInstruction: TwoValues, Sendable {
    /// The instruction's target.
    public let target: String
    /// Its data, if any.
    public let data: String?
    /// `(target, data)`.
    public var elements: (String, String?) { (target, data) }
}
