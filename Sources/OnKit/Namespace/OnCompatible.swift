/// A class whose instances have an `on` namespace for OnKit's events.
///
/// Every `NSObject` conforms (`NSObject+OnCompatible.swift`); any other class with one empty
/// extension:
///
/// ```swift
/// final class Mailbox: OnCompatible, Sendable {}
///
/// mailbox.on.lifetime.end()   // and every `extension On where Base: Mailbox`
/// ```
public protocol OnCompatible: AnyObject {}

extension OnCompatible {
    /// OnKit's events, adapters and storage for this object.
    public var on: On<Self> { On(self) }
}
