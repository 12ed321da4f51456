/// A class whose instances have an `on` namespace for OnKit's events.
///
/// Every `NSObject` conforms, on Apple platforms and on Linux (`NSObject+OnCompatible.swift`).
/// Any other class conforms with one empty extension:
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
