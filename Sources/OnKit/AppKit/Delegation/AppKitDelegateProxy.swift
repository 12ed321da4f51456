#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit

/// The Objective-C half of every AppKit delegate proxy, written once: which selectors it claims,
/// and where the others go.
///
/// - `responds(to:)`: a callback of the proxy only while it has handlers or the forward target
///   implements it (see `DelegateCallbacks`); any other selector if the proxy (as an `NSObject`)
///   or the forward target responds.
/// - `forwardingTarget(for:)`: every selector the proxy does not implement goes to the forward
///   target, so AppKit reaches the app's delegate for methods OnKit does not know.
///
/// A concrete proxy conforms to `DelegateProxy` and overrides `callback(for:)` with a `switch`
/// over its selectors.
@MainActor class AppKitDelegateProxy: NSObject {
    nonisolated override init() {}

    /// The delegate the host had: the `forwarding.target` of the concrete proxy's `DelegateProxy`
    /// conformance.
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

/// `proxy.forwarding.target` as an object; every AppKit delegate protocol refines `NSObjectProtocol`.
private func targetObject(of proxy: some DelegateProxy) -> (any NSObjectProtocol)? {
    proxy.forwarding.target.flatMap { $0 as? any NSObjectProtocol }
}
#endif
