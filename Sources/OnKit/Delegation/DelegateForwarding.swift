/// The generic half of every delegate proxy: it puts the proxy in the host's delegate slot and
/// remembers the delegate that was there, so that the proxy can forward every callback to it.
///
/// ## Installing
/// `install(_:on:)` runs on every `host.on.…` call that registers a handler:
/// - if the host's delegate is already the proxy, nothing changes;
/// - otherwise whatever the host holds now — a delegate, or `nil` — becomes the forward target,
///   replacing any earlier one, and the proxy takes the slot.
///
/// So a delegate set by the user *after* OnKit installed its proxy displaces the proxy (Linux
/// has no runtime to intercept the setter): until the next `host.on.…` call, callbacks reach
/// only that delegate. The next call puts the proxy back and forwards to the new delegate; the
/// previous one is no longer called.
///
/// ## Ownership
/// The forward target is held as the host held it (`DelegateOwnership`): a weakly held delegate
/// is not kept alive by the proxy, and a strongly held one is not dropped by being displaced.
///
/// ## Isolation
/// The host's slot is read and written through a key path, only inside `install`, which runs
/// synchronously on the caller's isolation: a `@MainActor` host (every UIKit object) installs
/// from the main actor, and nothing here stores an accessor that would have to be `@Sendable`.
///
/// ## A delegate fixed when the host is made
/// A `URLSession` takes its delegate at creation and never changes it: there is no slot to
/// install into. Its proxy starts with its forward target (`init(ownership:target:)`) and lets
/// go of it when the host lets go of its own delegate (`releaseTarget()`).
@_spi(OnKitInternal) public final class DelegateForwarding<Delegate>: Sendable {
    private let ownership: DelegateOwnership
    private let forwardTarget: Locked<DelegateReference>

    /// - Parameter ownership: how the host holds its delegate.
    init(ownership: DelegateOwnership) {
        self.ownership = ownership
        forwardTarget = Locked(DelegateReference())
    }

    /// Forwarding to `target` from the start, for a host whose delegate is fixed when it is made.
    @_spi(OnKitInternal) public init(ownership: DelegateOwnership, target: Delegate?) {
        self.ownership = ownership
        forwardTarget = Locked(DelegateReference(target.map { $0 as AnyObject }, ownership: ownership))
    }

    /// The delegate to forward callbacks to: the one the host had when the proxy was last
    /// installed, while it is alive.
    @_spi(OnKitInternal) public var target: Delegate? {
        let object = forwardTarget.withLock { $0.object }
        return object.flatMap { $0 as? Delegate }
    }

    /// Makes `proxy` the delegate in `host[keyPath: slot]`, adopting the delegate it replaces as
    /// the forward target.
    ///
    /// The slot is read and the forward target replaced under the lock, so that two threads
    /// installing at once agree on the forward target; the proxy is written into the slot after
    /// unlocking. The slot's setter may call the proxy back: UIKit's asks the new delegate
    /// `responds(to:)` at once, which reads `target`, so writing it under the lock would
    /// deadlock. The target is replaced first so that those calls already see the new one.
    /// A displaced strong target is released after unlocking too: its `deinit` may run any code.
    func install<Host: AnyObject>(_ proxy: Delegate, on host: Host, slot: ReferenceWritableKeyPath<Host, Delegate?>) {
        let proxyObject = proxy as AnyObject
        let (installs, displaced) = forwardTarget.withLock { target -> (Bool, AnyObject?) in
            let current = host[keyPath: slot].map { $0 as AnyObject }
            if current === proxyObject { return (false, nil) }
            let previous = target.object
            target = DelegateReference(current, ownership: ownership)
            return (true, previous)
        }
        if installs { host[keyPath: slot] = proxy }
        withExtendedLifetime(displaced) {}
    }

    /// Lets go of the forward target: the host let go of its delegate (a `URLSession` once
    /// invalid). The target is released after unlocking: its `deinit` may run any code.
    @_spi(OnKitInternal) public func releaseTarget() {
        let released = forwardTarget.withLock { target -> AnyObject? in
            let previous = target.object
            target = DelegateReference()
            return previous
        }
        withExtendedLifetime(released) {}
    }
}
