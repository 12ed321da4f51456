import Synchronization

/// The generic half of every delegate proxy: it puts the proxy in the host's delegate slot and
/// remembers the delegate that was there, to forward every callback to it.
///
/// `install(_:on:slot:)` runs on every `host.on.…` registration: if the slot already holds the
/// proxy nothing changes; otherwise what it holds (a delegate, or `nil`) becomes the forward
/// target and the proxy takes the slot. So a delegate set *after* the proxy displaces it (Linux
/// has no runtime to intercept the setter) until the next `host.on.…` call, which reinstalls
/// the proxy and forwards to the new delegate; a DEBUG build then warns that the handlers missed
/// the callbacks in between.
///
/// A delegate that is, or forwards to, an OnKit proxy is never adopted (see
/// `DelegateProxyWrapper`): one that reaches this very proxy stays in the slot and nothing
/// changes (it forwards to the proxy already); for another proxy, or a wrapper of one (the app
/// wrote `tableB.delegate = tableA.delegate`), that proxy's own forward target is adopted.
///
/// The target is held as the host held it (`DelegateOwnership`). The slot is reached only inside
/// `install`, synchronously on the caller's isolation, so a `@MainActor` host installs from the
/// main actor and no `@Sendable` accessor is stored. A host whose delegate is fixed when it is
/// made (`URLSession`) starts with its target and drops it with `releaseTarget()`.
///
/// ## The target as it is
/// Whether there is a target is whether the object the slot held is alive, never whether its
/// class declares `Delegate`: UIKit and AppKit ask their delegate `responds(to:)`, never
/// `conforms(to:)`, so a delegate wired in a xib whose class adopts no protocol, or an `NSProxy`
/// multiplexer, gets every callback it implements. `target` views the object as `Delegate` through
/// `view`: a checked cast for a Swift protocol (its methods have no `responds(to:)`), and on Apple
/// platforms, for an Objective-C delegate protocol, the object itself
/// (`DelegateForwarding(objectiveC:)`), whose optional methods Swift calls only after asking
/// `responds(to:)`.
@_spi(OnKitInternal) public final class DelegateForwarding<Delegate>: Sendable {
    let ownership: DelegateOwnership
    private let forwardTarget: Locked<DelegateReference>
    /// The target object as `Delegate` (see above).
    private let view: @Sendable (AnyObject) -> Delegate?
    /// Whether `install` has put the proxy in the slot once: finding it gone later means the app
    /// set a delegate since, and the handlers missed every callback in between.
    private let hasInstalled = Atomic<Bool>(false)

    /// Forwarding held as the host holds its delegate, to `target` from the start if given.
    @_spi(OnKitInternal) public convenience init(ownership: DelegateOwnership, target: Delegate? = nil) {
        self.init(ownership: ownership, target: target) { $0 as? Delegate }
    }

    /// Forwarding that views its target object as `Delegate` through `view` (see above).
    init(ownership: DelegateOwnership, target: Delegate? = nil, view: @escaping @Sendable (AnyObject) -> Delegate?) {
        self.ownership = ownership
        self.view = view
        forwardTarget = Locked(DelegateReference(target.map { $0 as AnyObject }, ownership: ownership))
    }

    /// The delegate to forward callbacks to, while it is alive, as `Delegate` (see above).
    @_spi(OnKitInternal) public var target: Delegate? {
        targetObject.flatMap(view)
    }

    /// The delegate to forward callbacks to as an object, while it is alive.
    var targetObject: AnyObject? { forwardTarget.withLock { $0.object } }

    /// Makes `proxy` the delegate in `host[keyPath: slot]`, adopting what it replaces as the
    /// forward target (see above). What the slot holds is asked whether it reaches a proxy
    /// outside the lock (that runs its code, and reads another proxy's target under that proxy's
    /// lock); the slot is read again and the target replaced under the lock, so that concurrent
    /// installs agree, and looked at afresh if it changed meanwhile. The proxy is written into the
    /// slot after unlocking, because the setter may call it back (UIKit's asks `responds(to:)` at
    /// once, which reads `target`). A displaced target is released after unlocking too: its
    /// `deinit` may run any code.
    func install<Host: AnyObject>(_ proxy: Delegate, on host: Host, slot: ReferenceWritableKeyPath<Host, Delegate?>) {
        let proxyObject = proxy as AnyObject
        while true {
            let seen = host[keyPath: slot].map { $0 as AnyObject }
            if seen === proxyObject { return }
            var adopted = seen
            if let seen, let reached = Self.proxy(reachedFrom: seen) {
                // A wrapper around this proxy already forwards to it: leave it in the slot.
                if reached === proxyObject { return }
                adopted = forwardTargetObject(of: reached)
            }
            let displaced = forwardTarget.withLock { target -> AnyObject?? in
                guard host[keyPath: slot].map({ $0 as AnyObject }) === seen else { return nil }
                defer { target = DelegateReference(adopted, ownership: ownership) }
                return .some(target.object)
            }
            guard let displaced else { continue }  // the slot changed meanwhile: look again
            if hasInstalled.exchange(true, ordering: .relaxed) {
                debugWarning("""
                    OnKit: \(Host.self).delegate was set to \(seen.map { "\(type(of: $0))" } ?? "nil") after OnKit \
                    installed its proxy there; OnKit's handlers missed every callback since. This `on.` call \
                    installs the proxy again, forwarding to that delegate: set the delegate before the first `on.` call.
                    """)
            }
            host[keyPath: slot] = proxy
            withExtendedLifetime(displaced) {}
            return
        }
    }

    /// Lets go of the forward target, as the host let go of its delegate (an invalid
    /// `URLSession`); released after unlocking, since its `deinit` may run any code.
    @_spi(OnKitInternal) public func releaseTarget() {
        let released = forwardTarget.withLock { target -> AnyObject? in
            defer { target = DelegateReference() }
            return target.object
        }
        withExtendedLifetime(released) {}
    }
}

/// `proxy`'s forward target, as an object.
private func forwardTargetObject(of proxy: some DelegateProxy) -> AnyObject? {
    proxy.forwarding.targetObject
}
