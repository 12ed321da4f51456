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
    private let state: Locked<ForwardingState>
    /// The target object as `Delegate` (see above).
    @usableFromInline let view: @Sendable (AnyObject) -> Delegate?
    /// Whether `install` has put the proxy in the slot once: finding it gone later means the app
    /// set a delegate since, and the handlers missed every callback in between.
    private let hasInstalled = Atomic<Bool>(false)

    /// Forwarding held as the host holds its delegate, to `target` from the start if given.
    @_spi(OnKitInternal) public convenience init(ownership: DelegateOwnership, target: Delegate? = nil) {
        self.init(ownership: ownership, target: target) { $0 as? Delegate }
    }

    /// Forwarding for a Foundation delegate protocol (`XMLParserDelegate`, `FileManagerDelegate`,
    /// `NSCacheDelegate`): on Apple platforms an `@objc` protocol, so the target is viewed as it
    /// is (`init(objectiveC:)`: a delegate that implements the methods without adopting the
    /// protocol keeps them); on Linux a Swift protocol, whose methods only a conformance has.
    convenience init(foundation ownership: DelegateOwnership) {
        #if canImport(ObjectiveC)
        self.init(objectiveC: ownership)
        #else
        self.init(ownership: ownership)
        #endif
    }

    /// Forwarding that views its target object as `Delegate` through `view` (see above).
    init(ownership: DelegateOwnership, target: Delegate? = nil, view: @escaping @Sendable (AnyObject) -> Delegate?) {
        self.ownership = ownership
        self.view = view
        let object = target.map { $0 as AnyObject }
        state = Locked(ForwardingState(
            target: DelegateReference(object, ownership: ownership),
            targetExposes: object.map(ExposedForwarding.exposes) ?? false
        ))
    }

    /// The delegate that callbacks are forwarded to, while it is alive, as `Delegate` (see above,
    /// and "Beside other libraries" for a target that forwards back to the proxy). For looking
    /// at only: a proxy calls it through `forward(_:_:)`, which the loop guard covers.
    @_spi(OnKitInternal) public var target: Delegate? {
        targetObject.flatMap(view)
    }

    /// The delegate that callbacks are forwarded to, as an object (see `target`).
    var targetObject: AnyObject? {
        state.withLock { $0.snapshot }.resolve { state.withLock { $0.remembered.object } }
    }

    /// The object the slot held when the proxy took it, alive or not forwarding back: what a
    /// `TargetDeathWatch` watches.
    var adoptedObject: AnyObject? { state.withLock { $0.target.object } }

    /// Calls `body` with the forward target (`target`), if there is one, as every method a proxy
    /// implements forwards: `forwarding.forward { $0.scrollerDidScroll(scroller) }`.
    /// Guarded against a loop nobody can see (`ForwardGuard`): `site`, the calling method, is
    /// what a loop would come back to.
    @discardableResult @inlinable
    @_spi(OnKitInternal) public func forward<Result>(_ site: StaticString = #function, _ body: (Delegate) -> Result) -> Result? {
        forwardToObject(site) { object in view(object).map(body) } ?? nil
    }

    /// `forward(_:_:)` with the target as the object it is (an Objective-C base class's methods
    /// view it as their own protocol). Inlinable, and generic only in this wrapper: the rest is
    /// `beginForward`.
    @inlinable
    func forwardToObject<Result>(_ site: StaticString, _ body: (AnyObject) -> Result) -> Result? {
        guard let (object, opened) = beginForward(site) else { return nil }
        defer { if opened { ForwardGuard.close() } }
        return body(object)
    }

    /// The object a forward from `site` goes to, and whether it opened a `ForwardGuard` frame
    /// (which the caller closes). When the guard cuts, the loop is learnt, and the call goes to
    /// the delegate the loop hid with no frame: if that one loops too, its call comes back at the
    /// same depth and is cut in turn.
    @usableFromInline
    func beginForward(_ site: StaticString) -> (object: AnyObject, opened: Bool)? {
        guard let object = targetObject else { return nil }
        if ForwardGuard.open(ObjectIdentifier(self), site) { return (object, true) }
        learnLoop(through: object, method: "\(site)")
        guard let fallback = targetObject, fallback !== object else { return nil }
        return (fallback, false)
    }

    /// `forward(_:_:)` for a delegate method that answers: `nil` when there is no target, or it
    /// does not implement the method (`forwarding.answer { $0.shouldBegin(recognizer) }`).
    @_spi(OnKitInternal) public func answer<Answer>(_ site: StaticString = #function, _ body: (Delegate) -> Answer?) -> Answer? {
        forward(site, body) ?? nil
    }

    /// Makes `proxy` the delegate in `host[keyPath: slot]`, adopting what it replaces as the
    /// forward target (see above). What the slot holds is asked whether it reaches a proxy
    /// outside the lock (that runs its code, and reads another proxy's target under that proxy's
    /// lock); the slot is read again and the target replaced under the lock, so that concurrent
    /// installs agree, and looked at afresh if it changed meanwhile. The proxy is written into the
    /// slot after unlocking, because the setter may call it back (UIKit's asks `responds(to:)` at
    /// once, which reads `target`). The displaced target is returned, to be released by the
    /// caller, unlocked: its `deinit` may run any code (`nil` when the proxy adopted nothing new).
    @discardableResult
    func install<Host: AnyObject>(
        _ proxy: Delegate, on host: Host, slot: ReferenceWritableKeyPath<Host, Delegate?>
    ) -> AnyObject? {
        let proxyObject = proxy as AnyObject
        let proxyIdentity = ObjectIdentifier(proxyObject)
        while true {
            let seen = host[keyPath: slot].map { $0 as AnyObject }
            if seen === proxyObject { return nil }
            var adopted = seen
            if let seen, let reached = Self.proxy(reachedFrom: seen) {
                // A wrapper around this proxy already forwards to it: leave it in the slot.
                if reached === proxyObject { return nil }
                adopted = forwardTargetObject(of: reached)
            }
            // Another library's proxy that forwards back to this one (RxCocoa's, after an `rx.`
            // call put it in front): it is in front already, and the proxy forwards past it.
            if let seen, ExposedForwarding.reaches(seen, proxyIdentity) || state.withLock({ $0.looping.object }) === seen {
                return nil
            }
            let exposes = adopted.map(ExposedForwarding.exposes) ?? false
            let behind = exposes ? adopted.flatMap(ExposedForwarding.target(of:)) : nil
            let takingBack = hasInstalled.load(ordering: .relaxed)
            let displaced = state.withLock { state -> AnyObject?? in
                guard host[keyPath: slot].map({ $0 as AnyObject }) === seen else { return nil }
                defer {
                    state.adopt(adopted, exposes: exposes, behind: behind, takingBack: takingBack, ownership: ownership)
                    state.proxy = proxyIdentity
                }
                return .some(state.target.object)
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
            return displaced
        }
    }

    /// Lets go of the forward target, as the host let go of its delegate (an invalid
    /// `URLSession`); released after unlocking, since its `deinit` may run any code.
    @_spi(OnKitInternal) public func releaseTarget() {
        let released = state.withLock { state -> AnyObject? in
            defer { state.target = DelegateReference() }
            return state.target.object
        }
        withExtendedLifetime(released) {}
    }

    /// Called when a forward of `method` to `target` nested `ForwardGuard.maximumNesting` deep:
    /// `target` forwards back to this proxy without saying so. From now on it is skipped, for the
    /// delegate the proxy forwarded to before adopting it; unless it is the delegate the slot
    /// held when the proxy first took it, which cannot have stored the proxy (a callback nested
    /// that deep by the host itself): then only this nested forward is dropped.
    func learnLoop(through target: AnyObject, method: String) {
        // What the lock loads goes out with the answer, to be released after unlocking.
        let cut = ObjectIdentifier(target)
        let (learnt, fallback, adopted) = state.withLock { state -> (Bool, AnyObject?, AnyObject?) in
            let adopted = state.target.object
            guard state.mayLoop || adopted.map(ObjectIdentifier.init) != cut else { return (false, nil, adopted) }
            state.looping = DelegateReference(target, ownership: .weak)
            return (true, state.remembered.object, adopted)
        }
        withExtendedLifetime(adopted) {}
        guard learnt else {
            debugWarning("""
                OnKit: \(method) nested \(ForwardGuard.maximumNesting) deep in OnKit's delegate proxy, forwarding \
                to \(type(of: target)); the innermost call was not forwarded (a delegate method that makes the \
                host send it again, each time?).
                """)
            return
        }
        debugWarning("""
            OnKit: \(type(of: target)) forwards \(method) back to OnKit's delegate proxy, which forwards to it: \
            it stored OnKit's proxy as its previous delegate, and a later `on.` call put the proxy in front of it. \
            The loop was cut after \(ForwardGuard.maximumNesting) nested calls; OnKit now forwards to \
            \(fallback.map { "\(type(of: $0))" } ?? "no delegate") instead. Install \(type(of: target)) \
            before the first `on.` call on this object.
            """)
        withExtendedLifetime(fallback) {}
    }
}

/// `proxy`'s forward target, as an object.
private func forwardTargetObject(of proxy: some DelegateProxy) -> AnyObject? {
    proxy.forwarding.targetObject
}
