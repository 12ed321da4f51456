import Foundation

/// Every `NSObject` has `on`: on Apple platforms, and on Linux, where Foundation's `NSObject`
/// is a Swift class. Adapters for Foundation types need no conformance of their own.
extension NSObject: OnCompatible {}
