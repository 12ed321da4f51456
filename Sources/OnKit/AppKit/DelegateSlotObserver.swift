#if canImport(AppKit) && !targetEnvironment(macCatalyst) && DEBUG
import AppKit

/// DEBUG builds only: watches an AppKit host's `delegate` with key-value observing, to warn the
/// moment the app sets a delegate that displaces OnKit's proxy (`window.delegate = self` after
/// `window.on.shouldClose { … }`), rather than at the next `on.` call, which may never come.
///
/// AppKit's `delegate` setters are plain Objective-C setters, so automatic KVO sees every
/// `host.delegate = x` the app writes. UIKit does not promise KVO on `delegate`, so UIKit hosts
/// are not watched: there the warning comes at the next `on.` call (`DelegateForwarding.install`).
/// A `nil` delegate is not warned about: OnKit sets `nil` itself for a moment to make the host
/// ask again, and an app sets it when tearing down.
final class DelegateSlotObserver: NSObject, Sendable {
    /// Where a host's observer is stored; it lives as long as the host (KVO on macOS 10.13 and
    /// later needs no removal before an observed object deallocates).
    static let key = AssociationKey<DelegateSlotObserver?>("AppKit.delegateSlotObserver")

    private let proxy: WeakIdentity
    private let hostType: String

    private init(proxy: AnyObject, hostType: String) {
        self.proxy = WeakIdentity(proxy)
        self.hostType = hostType
    }

    /// Starts watching `host`'s `delegate` for `proxy`, once per host.
    @MainActor static func watch(_ host: NSObject, for proxy: AnyObject) {
        let on = On(host)
        guard on.existingValue(for: key) == nil else { return }
        let observer = DelegateSlotObserver(proxy: proxy, hostType: "\(type(of: host))")
        on[key] = observer
        host.addObserver(observer, forKeyPath: "delegate", options: [.new], context: nil)
    }

    override func observeValue(
        forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
        context: UnsafeMutableRawPointer?
    ) {
        guard keyPath == "delegate", let new = change?[.newKey], !(new is NSNull) else { return }
        let delegate = new as AnyObject
        guard proxy.isAlive, !proxy.refers(to: delegate) else { return }
        if let reached = DelegateForwarding<AnyObject>.proxy(reachedFrom: delegate), proxy.refers(to: reached) { return }
        debugWarning("""
            OnKit: \(hostType).delegate was just set to \(type(of: delegate)), which displaces OnKit's proxy: \
            OnKit's handlers on it (a decision such as shouldClose included) get no callback until the next \
            `on.` call puts the proxy back, forwarding to that delegate. Set the delegate before the first `on.` call.
            """)
    }
}
#endif
