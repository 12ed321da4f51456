/// A class whose instances have an `on` namespace for OnKit's events.
///
/// Every `NSObject` conforms (`NSObject+OnCompatible.swift`); any other class with one empty
/// extension:
///
/// ```swift
/// final class Door: OnCompatible {}
/// door.on.lifetime     // and every adapter written as `extension On where Base: Door`
/// ```
public protocol OnCompatible: AnyObject {}

extension OnCompatible {
    /// OnKit's events, adapters and storage for this object.
    public var on: On<Self> { On(self) }
}
