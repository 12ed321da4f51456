/// An object installed as a host's delegate that turns each callback into OnKit events and
/// forwards it to the delegate the host had before (RxCocoa's `DelegateProxy`, without the
/// Objective-C runtime: each proxy implements every method of its protocol).
///
/// **The rules every adapter follows** (for users: the Semantics article, "Delegate adapters"):
/// - One proxy per host, stored on it (`key`): it lives as long as the host and never references
///   it (callbacks hand it over), so it keeps alive only its handlers and a strongly held target.
/// - The forward target (the host's delegate, held as the host held it) gets every callback
///   **first**, then the handlers run in the order they were added, on the thread that calls.
/// - A method that returns a value folds the target's answer with the handlers' by the method's
///   rule (`Decision.answer(_:_:after:)`); one that answers through a completion handler does the
///   same through `Decision.reply(…)`, calling the host's completion handler exactly once.
/// - A delegate set later displaces the proxy until the next `host.on.…` call
///   (`DelegateForwarding`).
protocol DelegateProxy: AnyObject, Sendable {
    /// The host's delegate type (an existential, such as `any XMLParserDelegate`).
    associatedtype Delegate

    /// Where the proxy is stored on its host; its default makes a new proxy.
    static var key: AssociationKey<Self> { get }

    /// The forward target.
    var forwarding: DelegateForwarding<Delegate> { get }

    /// This proxy, as the host's delegate type.
    var asDelegate: Delegate { get }
}

extension DelegateProxy {
    /// The host's proxy, created and stored on first use, and installed as the delegate in `slot`
    /// (`\XMLParser.delegate`) again if something else took it. Call from the host's isolation.
    static func installed<Host: AnyObject>(on host: Host, slot: ReferenceWritableKeyPath<Host, Delegate?>) -> Self {
        installedReplacing(on: host, slot: slot).proxy
    }

    /// `installed(on:slot:)`, with the target the proxy stopped forwarding to, if installing
    /// replaced one (released by the caller: its `deinit` may run any code).
    static func installedReplacing<Host: AnyObject>(
        on host: Host, slot: ReferenceWritableKeyPath<Host, Delegate?>
    ) -> (proxy: Self, replaced: AnyObject?) {
        let proxy = On(host)[key]
        return (proxy, proxy.forwarding.install(proxy.asDelegate, on: host, slot: slot))
    }
}
