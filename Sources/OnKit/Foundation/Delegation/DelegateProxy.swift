/// An object installed as a host's delegate that turns each callback into OnKit events and
/// forwards it to the delegate the host had before (RxCocoa's `DelegateProxy`, without the
/// Objective-C runtime: each proxy implements every method of its protocol itself).
///
/// ## Lifetime
/// One proxy per host, stored on it with host-bound storage (`AssociationKey`): it lives as long
/// as the host (on Linux, until the side table releases the values of the dead host). The proxy
/// never references its host — callbacks hand it over — so it keeps nothing alive but the
/// handlers registered on it and, for a strongly held forward target, that target.
///
/// ## Order and answers (the rules every concrete proxy follows)
/// - The forward target gets every callback **first**, whatever the handlers do; then the
///   handlers run in the order they were added. It was there before OnKit, so it behaves as the
///   first handler.
/// - A method that returns a value asks the forward target first and folds its answer with the
///   handlers' answers by the method's rule (see `DelegateDecision`).
///
/// A concrete proxy is a small final class: its events, its `key`, its `forwarding`, and the
/// protocol methods, each sending an event or asking a decision.
protocol DelegateProxy: AnyObject, Sendable {
    /// The type whose delegate slot the proxy takes.
    associatedtype Host: AnyObject
    /// The host's delegate type (an existential, such as `any XMLParserDelegate`).
    associatedtype Delegate

    /// Where the proxy is stored on its host; its default makes a new proxy.
    static var key: AssociationKey<Self> { get }

    /// The host's slot and the forward target.
    var forwarding: DelegateForwarding<Host, Delegate> { get }

    /// This proxy, as the host's delegate type.
    var asDelegate: Delegate { get }
}

extension DelegateProxy {
    /// The host's proxy, created and stored on first use, and installed as its delegate (again,
    /// if something else took the slot since; see `DelegateForwarding.install(_:on:)`).
    static func installed(on host: Host) -> Self {
        let proxy = On(host)[key]
        proxy.forwarding.install(proxy.asDelegate, on: host)
        return proxy
    }
}
