#if canImport(UIKit)
import UIKit

/// The Objective-C half of every UIKit delegate proxy, written once: which selectors it claims,
/// and where the others go.
///
/// - `responds(to:)`: a callback of the proxy only while it has handlers or the forward target
///   implements it (see `DelegateCallbacks`); any other selector, private ones included, if the
///   proxy (as an `NSObject`) or the forward target responds.
/// - `forwardingTarget(for:)`: every selector the proxy does not implement goes to the forward
///   target, so UIKit reaches the app's delegate for methods OnKit does not know. UIKit sends an
///   optional method only after `responds(to:)` said yes, and the proxy says yes only for what
///   it or the target implements: nothing is sent that nobody can answer.
///
/// A concrete proxy conforms to `DelegateProxy` (the base finds its `forwarding` through that
/// conformance) and overrides `callback(for:)` with a `switch` over its selectors.
@MainActor class UIKitDelegateProxy: NSObject {
    nonisolated override init() {}

    /// The delegate the host had: the `forwarding.target` of the concrete proxy's `DelegateProxy`
    /// conformance (a cast, as `DelegateForwarding.target` makes one too).
    nonisolated final var forwardTarget: (any NSObjectProtocol)? {
        (self as? any DelegateProxy).flatMap { targetObject(of: $0) }
    }

    /// The event or decision of the delegate method `selector`, if the proxy implements it.
    nonisolated func callback(for selector: Selector) -> (any Subscribable)? { nil }

    nonisolated override func responds(to selector: Selector!) -> Bool {
        guard let selector else { return false }
        let targetResponds = forwardTarget?.responds(to: selector) ?? false
        if let answer = DelegateCallbacks.responds(callback(for: selector), targetResponds: { targetResponds }) {
            return answer
        }
        return super.responds(to: selector) || targetResponds
    }

    nonisolated override func forwardingTarget(for selector: Selector!) -> Any? {
        forwardTarget ?? super.forwardingTarget(for: selector)
    }
}

/// `proxy.forwarding.target` as an object; every UIKit delegate protocol refines `NSObjectProtocol`.
private func targetObject(of proxy: some DelegateProxy) -> (any NSObjectProtocol)? {
    proxy.forwarding.target.flatMap { $0 as? any NSObjectProtocol }
}
#endif
