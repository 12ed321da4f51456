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
///   handlers' answers by the method's rule (`Decision.answer(_:_:after:)`).
/// - A method that answers through a completion handler does the same with `Decision.reply(…)`:
///   the target answers through a `DelegateReply`, then the handlers, and the host's completion
///   handler is called exactly once.
///
/// A concrete proxy is a small final class: its events, its `key`, its `forwarding`, and the
/// protocol methods, each sending an event or asking a decision.
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
    /// The host's proxy, created and stored on first use, and installed as its delegate (again,
    /// if something else took the slot since; see `DelegateForwarding.install(_:on:)`).
    ///
    /// `slot` is the host's delegate property (`\XMLParser.delegate`). Call from the host's
    /// isolation: the main actor for a `@MainActor` host.
    static func installed<Host: AnyObject>(on host: Host, slot: ReferenceWritableKeyPath<Host, Delegate?>) -> Self {
        let proxy = On(host)[key]
        proxy.forwarding.install(proxy.asDelegate, on: host, slot: slot)
        return proxy
    }
}
