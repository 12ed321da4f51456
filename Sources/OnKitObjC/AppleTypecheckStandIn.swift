// Not part of this target (Package.swift lists only OnKitForwardingProxy.m as its sources).
//
// apple-typecheck compiles Swift only: for this Objective-C target it compiles this file as the
// module OnKitObjC, so that OnKit's `import OnKitObjC` type-checks. It declares exactly what
// Swift imports from include/OnKitForwardingProxy.h; `.ci/run` ("Objective-C base") type-checks
// OnKit against the real header too, so a difference between the two fails CI.
#if canImport(ObjectiveC)
import Foundation

/// See `OnKitForwardingProxy` in include/OnKitForwardingProxy.h.
open class OnKitForwardingProxy: NSObject {
    /// See `onkit_forwardTarget`.
    open var forwardTargetObject: Any? { nil }
    /// See `onkit_cutLoopThroughTarget:selector:`.
    open func cutLoop(through target: Any, selector: Selector) {}
    /// See `onkit_forwardTargetRespondsToSelector:`.
    open func forwardTargetResponds(to selector: Selector) -> Bool { false }
    /// See `onkit_proxyReachedFrom:`.
    open class func proxy(reachedFrom candidate: Any) -> OnKitForwardingProxy? { nil }
}

/// See `OnKitForwardingProxyMaximumNesting`.
public let OnKitForwardingProxyMaximumNesting: UInt = 4
#endif
