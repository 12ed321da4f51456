import Foundation

/// How an adapter for a main-actor host (every UIKit object) hands out a callback: the proxy
/// installed, the sender typed `Base`, the handlers given only this host's calls (a proxy an app
/// hands to another host forwards that host's calls, see `ReadOnlyDecision.serving(_:as:abstention:)`), and the host's cached `responds(to:)` answers refreshed
/// when the callback gets its first handler (see `DelegateCallbacks`).
///
/// ## Refreshing
/// UIKit asks a delegate which optional methods it implements when the delegate is set, and
/// keeps the answers. The proxy is set on the first `on.` call, before that call's handler is
/// added, so the host's answers say "no handler" for it. When a callback's handler count becomes
/// one, the proxy therefore sets the host's delegate to `nil` and back to itself, which makes
/// the host ask again; the forward target is not touched. Only while the proxy is the host's
/// delegate, or a wrapper that forwards to it is (an analytics SDK's, see
/// `DelegateProxyWrapper`: the wrapper is set back, and asks the proxy): if something else took
/// the slot, the next `on.` call puts the proxy back (see `DelegateForwarding`), and setting it
/// asks again anyway.
///
/// The host asks again too when the forward target, held weakly, deallocates
/// (`TargetDeathWatch`): it then falls back to its defaults for what only that delegate had.
///
/// A handler added on the main actor refreshes at once, before `subscribe` returns; one added
/// anywhere else refreshes in a main-actor task, so callbacks the host makes until it runs
/// may miss that handler.
extension DelegateProxy {
    /// The proxy's callback `source` on `host`, with the sender typed `Base`; see above.
    @MainActor
    static func face<Host: AnyObject & Sendable, Base: AnyObject, Source: ProxyCallback>(
        _ source: (Self) -> Source,
        on host: Host,
        as _: Base.Type,
        slot: ReferenceWritableKeyPath<Host, Delegate?>
    ) -> ReadOnlyDecision<Base, Source.Args, Source.Answer> {
        let proxy = installedWatchingTarget(on: host, slot: slot)
        let refresh = Refresh(host: host, proxy: proxy, slot: slot)
        return source(proxy).serving(host, as: Base.self).reportingAdds { count in
            if count == 1 { onMainActorNowOrSoon { refresh.askAgain() } }
        }
    }
}

extension DelegateProxy {
    /// The host's proxy, installed (`installed(on:slot:)`), whose host asks it `responds(to:)`
    /// again just after its weakly held forward target deallocates (`TargetDeathWatch`), so that
    /// the host falls back to its defaults for what only that delegate had.
    @MainActor
    static func installedWatchingTarget<Host: AnyObject & Sendable>(
        on host: Host, slot: ReferenceWritableKeyPath<Host, Delegate?>
    ) -> Self {
        let (proxy, replaced) = installedReplacing(on: host, slot: slot)
        let target = proxy.forwarding.adoptedObject
        if let replaced, replaced !== target { TargetDeathWatch.unwatch(replaced, for: proxy) }
        if proxy.forwarding.ownership == .weak, let target {
            let refresh = Refresh(host: host, proxy: proxy, slot: slot)
            TargetDeathWatch.watch(target, for: proxy) { Task { @MainActor in refresh.askAgain() } }
        }
        return proxy
    }
}

/// Makes a host ask its delegate proxy `responds(to:)` again, while the proxy is its delegate.
/// Holds neither: a face kept by a user must not keep the host or the proxy alive.
private struct Refresh<Host: AnyObject & Sendable, Proxy: DelegateProxy>: @unchecked Sendable {
    // @unchecked is sound: `host` and `proxy` are Sendable; `slot` is a key path, an immutable
    // value, and it is used only in `askAgain()`, on the main actor.
    weak var host: Host?
    weak var proxy: Proxy?
    let slot: ReferenceWritableKeyPath<Host, Proxy.Delegate?>

    @MainActor func askAgain() {
        guard let host, let proxy else { return }
        guard let current = host[keyPath: slot], Self.reaches(current as AnyObject, proxy) else {
            debugWarning("""
                OnKit: a handler was added while \(Host.self).delegate is not OnKit's proxy (a delegate set after \
                the `on.` call that returned this face): it is not called until the next `on.` call puts the proxy back.
                """)
            return
        }
        host[keyPath: slot] = nil
        host[keyPath: slot] = current
    }

    /// Whether `delegate` is `proxy`, or a wrapper that forwards to it.
    private static func reaches(_ delegate: AnyObject, _ proxy: Proxy) -> Bool {
        delegate === proxy || DelegateForwarding<Proxy.Delegate>.proxy(reachedFrom: delegate) === proxy
    }
}

/// Runs `body` on the main actor: at once where the main actor runs, otherwise in a task.
private func onMainActorNowOrSoon(_ body: @escaping @MainActor @Sendable () -> Void) {
    if MainActorCheck.isOnMainActor() {
        MainActor.assumeIsolated { body() }
    } else {
        Task { @MainActor in body() }
    }
}
