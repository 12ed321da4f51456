#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit

/// In DEBUG builds: watches an AppKit host's `delegate` with key-value observing, to warn the
/// moment the app sets a delegate that displaces OnKit's proxy (`window.delegate = self` after
/// `window.on.shouldClose { … }`), rather than at the next `on.` call, which may never come.
///
/// AppKit's `delegate` setters are plain Objective-C setters, so automatic KVO sees every
/// `host.delegate = x` the app writes. UIKit does not promise KVO on `delegate`, so UIKit hosts
/// are not watched: there the warning comes at the next `on.` call (`DelegateForwarding.install`).
/// A `nil` delegate is not warned about: OnKit sets `nil` itself for a moment to make the host
/// ask again, and an app sets it when tearing down.
///
/// Compiled in every build, so that every build type-checks it; made only in DEBUG builds (`isOn`).
final class DelegateSlotObserver: Sendable {
    /// Whether hosts are watched: in DEBUG builds only.
    static let isOn: Bool = {
        #if DEBUG
        true
        #else
        false
        #endif
    }()

    /// Where a host's observer is stored; it lives as long as the host.
    static let key = AssociationKey<DelegateSlotObserver?>("AppKit.delegateSlotObserver")

    /// Kept only to keep observing; invalidated by its own `deinit`, and automatically when the
    /// host is released (macOS 11 and later).
    private let observation: Observation

    private init(_ observation: NSKeyValueObservation) { self.observation = Observation(observation) }

    /// Starts watching `host`'s `delegate` for `proxy`, once per host: a window, a table or
    /// outline view, a text field, a gesture recognizer (the AppKit hosts with a proxy).
    @MainActor static func watch(_ host: NSObject, for proxy: AnyObject) {
        let on = On(host)
        guard isOn, on.existingValue(for: key) == nil else { return }
        let check = Check(proxy: WeakIdentity(proxy), hostType: "\(type(of: host))")
        // A concrete key path each: `observe` needs the Objective-C property's name.
        let observation: NSKeyValueObservation? = switch host {
        case let window as NSWindow: window.observe(\.delegate, options: [.new]) { _, change in check(change.newValue) }
        case let table as NSTableView: table.observe(\.delegate, options: [.new]) { _, change in check(change.newValue) }
        case let field as NSTextField: field.observe(\.delegate, options: [.new]) { _, change in check(change.newValue) }
        case let recognizer as NSGestureRecognizer:
            recognizer.observe(\.delegate, options: [.new]) { _, change in check(change.newValue) }
        default: nil
        }
        if let observation { on[key] = DelegateSlotObserver(observation) }
    }
}

/// What a change of `delegate` is checked for: a new delegate that neither is nor wraps the proxy.
private struct Check: Sendable {
    let proxy: WeakIdentity
    let hostType: String

    func callAsFunction<Delegate>(_ new: Delegate??) {
        guard let new = new ?? nil else { return }
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

/// An observation, kept and never used.
private final class Observation: @unchecked Sendable {
    // @unchecked is sound: the observation is never touched after it is stored; it is only
    // released (its `deinit` invalidates it, which NSKeyValueObservation makes thread-safe).
    private let observation: NSKeyValueObservation
    init(_ observation: NSKeyValueObservation) { self.observation = observation }
}
#endif
