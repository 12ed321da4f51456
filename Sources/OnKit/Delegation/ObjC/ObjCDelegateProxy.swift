#if canImport(ObjectiveC)
import Foundation
import OnKitObjC

/// The Objective-C half of every delegate proxy on Apple platforms (UIKit's and AppKit's),
/// written once on `OnKitForwardingProxy`: which selectors it claims, and where the others go.
///
/// - `responds(to:)`: a callback of the proxy only while it has handlers or the forward target
///   implements it (see `DelegateCallbacks`); any other selector, private ones included, if the
///   proxy (as an `NSObject`) or the forward target responds. Every selector claimed for the
///   target has the target's method signature recorded (`forwardTargetResponds(to:)`).
/// - Every selector the proxy does not implement is forwarded by the Objective-C base: to the
///   target while it is alive, guarded against a loop (`cutLoop(through:selector:)`, as
///   `ForwardGuard` guards the methods the proxy implements); dropped, returning its type's zero
///   value, once it is gone (UIKit keeps the answers `responds(to:)` gave, and calls on while
///   the app's view controller, a weak target, is deallocating; the host is then made to ask
///   again, `TargetDeathWatch`).
///   Nested forwarding that can only be a cycle is dropped too.
/// - `conforms(to:)` answers for the target as well: `collectionView.delegate as?
///   UICollectionViewDelegateFlowLayout` still finds the app's delegate's conformance. A cast to
///   the app's own class (`tableView.delegate as? MyController`) cannot succeed: read the object
///   the app set from where the app keeps it.
///
/// A concrete proxy conforms to `DelegateProxy` (the base finds its `forwarding` through that
/// conformance) and overrides `callback(for:)` with a `switch` over its selectors.
@MainActor class ObjCDelegateProxy: OnKitForwardingProxy {
    nonisolated override init() { super.init() }

    /// The delegate the host had, as it is: the `forwarding.targetObject` of the concrete proxy's
    /// `DelegateProxy` conformance (found with a cast to that Swift protocol, which the runtime
    /// caches; never a cast to the delegate protocol).
    nonisolated final var forwardTarget: AnyObject? {
        (self as? any DelegateProxy).flatMap { targetObject(of: $0) }
    }

    /// Calls `body` with `forwardTarget` through the concrete proxy's
    /// `DelegateForwarding.forward`, guarded against a loop: for a base class's methods, which
    /// reach the forwarding only through that conformance.
    @discardableResult
    nonisolated final func forward<Result>(_ site: StaticString = #function, _ body: (AnyObject) -> Result?) -> Result? {
        guard let proxy = self as? any DelegateProxy else { return nil }
        return forwardToObject(of: proxy, site, body)
    }

    /// Where the Objective-C base forwards: `forwardTarget`.
    nonisolated override var forwardTargetObject: Any? { forwardTarget }

    /// A forward of `selector` nested too deep: `target` forwards back to this proxy, and is
    /// skipped from now on (`DelegateForwarding.learnLoop(through:method:)`).
    nonisolated override func cutLoop(through target: Any, selector: Selector) {
        guard let proxy = self as? any DelegateProxy else { return }
        learnLoop(of: proxy, through: target as AnyObject, method: NSStringFromSelector(selector))
    }

    /// The event or decision of the delegate method `selector`, if the proxy implements it.
    nonisolated func callback(for selector: Selector) -> (any Subscribable)? { nil }

    nonisolated override func responds(to selector: Selector!) -> Bool {
        guard let selector else { return false }
        let targetResponds = forwardTargetResponds(to: selector)
        if let answer = DelegateCallbacks.responds(callback(for: selector), targetResponds: { targetResponds }) {
            return answer
        }
        return super.responds(to: selector) || targetResponds
    }
}

/// The OnKit proxy an Objective-C `candidate` forwards to, found through the base's marker
/// message (a wrapper that forwards messages it does not implement passes it on).
func objCDelegateProxy(reachedFrom candidate: AnyObject) -> (any DelegateProxy)? {
    OnKitForwardingProxy.proxy(reachedFrom: candidate) as? any DelegateProxy
}

/// `proxy`'s `DelegateForwarding.forwardToObject(_:_:)`.
private func forwardToObject<Result>(
    of proxy: some DelegateProxy, _ site: StaticString, _ body: (AnyObject) -> Result?
) -> Result? {
    proxy.forwarding.forwardToObject(site, body) ?? nil
}

/// Tells `proxy`'s forwarding that `target` loops back to it.
private func learnLoop(of proxy: some DelegateProxy, through target: AnyObject, method: String) {
    proxy.forwarding.learnLoop(through: target, method: method)
}

/// `proxy`'s forward target as it is: no cast decides whether there is one (see
/// `DelegateForwarding`, "The target as it is"). It is read on every forwarded message, so it
/// costs a lock and weak loads, and no protocol lookup.
private func targetObject(of proxy: some DelegateProxy) -> AnyObject? {
    proxy.forwarding.targetObject
}

extension DelegateForwarding {
    /// Forwarding for an Objective-C delegate protocol, held as the host holds its delegate:
    /// `target` is the object the slot held, whatever protocols its class declares, as UIKit and
    /// AppKit see it (they ask `responds(to:)`, never `conforms(to:)`).
    ///
    /// `Delegate` must be an `@objc` protocol's existential (`any UITableViewDelegate`); OnKit's
    /// proxies are the only callers. Any other type (whose existential is not one reference)
    /// falls back to a checked cast.
    convenience init(objectiveC ownership: DelegateOwnership) {
        self.init(ownership: ownership) { objCProtocolView(of: $0, as: Delegate.self) }
    }
}

/// `object` as `P`, an `@objc` protocol's existential, as Objective-C's `id<P>` holds it: without
/// asking whether its class declares `P` (the cast Swift makes, `as? P`, asks `conforms(to:)`).
/// A caller sends it only optional methods, which Swift sends after asking `responds(to:)`, or a
/// required one it asked `responds(to:)` about itself. Any `P` that is not one reference (not an
/// `@objc` protocol's existential) gets the checked cast.
func objCProtocolView<P>(of object: AnyObject, as _: P.Type) -> P? {
    guard MemoryLayout<P>.size == MemoryLayout<AnyObject>.size else { return object as? P }
    // Sound: an `@objc` protocol's existential is one object reference, as `id<P>` is in
    // Objective-C, which holds objects that never declared `P`; what may be sent to it is above.
    return unsafeBitCast(object, to: P.self)
}
#endif
