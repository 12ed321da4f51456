/// A main-actor class whose `delegate` OnKit's proxy `OnKitDelegateProxy` takes (RxCocoa's
/// `HasDelegate`), so that one generic `On.callback(_:)` serves every such adapter: UIKit's text
/// fields, table views…, AppKit's text fields, windows, table views and gesture recognizers.
///
/// Only classes none of whose superclasses conforms: `UIScrollView` does not, since its
/// subclasses (table, collection and text views) have proxies of their own.
@MainActor protocol DelegateProxyHost: AnyObject, Sendable {
    associatedtype OnKitDelegateProxy: DelegateProxy
    var delegate: OnKitDelegateProxy.Delegate? { get set }
}

extension On where Base: DelegateProxyHost {
    /// The proxy's callback `source`, its sender typed `Base`, with the proxy installed as the
    /// host's `delegate` (see `DelegateProxy.face(_:on:as:slot:)`).
    @MainActor func callback<Source: ProxyCallback>(
        _ source: (Base.OnKitDelegateProxy) -> Source
    ) -> ReadOnlyDecision<Base, Source.Args, Source.Answer> where Source.Sender: AnyObject {
        Base.OnKitDelegateProxy.face(source, on: base, as: Base.self, slot: \.delegate)
    }
}
