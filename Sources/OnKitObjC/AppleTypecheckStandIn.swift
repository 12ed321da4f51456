// Not part of this target (Package.swift lists only OnKitForwardingProxy.m as its sources).
//
// apple-typecheck compiles Swift only: for this Objective-C target it compiles this file as the
// module OnKitObjC, so that OnKit's `import OnKitObjC` type-checks. It declares exactly what
// Swift imports from include/OnKitForwardingProxy.h; `.ci/run` ("Objective-C base") type-checks
// OnKit against the real header too, so a difference between the two fails CI.
#if canImport(ObjectiveC)
import Foundation

open class OnKitForwardingProxy: NSObject {
    open var forwardTargetObject: Any? { nil }
    open func forwardTargetResponds(to selector: Selector) -> Bool { false }
    open class func proxy(reachedFrom candidate: Any) -> OnKitForwardingProxy? { nil }
}

public let OnKitForwardingProxyMaximumNesting: UInt = 8
#endif
