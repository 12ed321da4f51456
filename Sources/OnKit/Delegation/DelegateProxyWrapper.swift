/// A delegate that stands in front of an OnKit delegate proxy and forwards to it: an analytics
/// SDK's wrapper, set in the host's slot around the proxy.
///
/// A delegate proxy never adopts, as its forward target, a delegate that is or forwards to an
/// OnKit proxy: forwarding to it would come back (proxy → wrapper → proxy) until the stack
/// overflows. `DelegateForwarding.install` asks every delegate it finds in the slot:
/// - is it a `DelegateProxy`?
/// - is it a `DelegateProxyWrapper` (a Swift wrapper, or a Linux one, says so here)?
/// - on Apple platforms, does it answer the Objective-C marker message `onkit_reachedDelegateProxy`
///   (`OnKitForwardingProxy`)? A wrapper that forwards the messages it does not implement — the
///   way such wrappers keep the app's own delegate methods working — passes it on to the proxy.
///
/// A wrapper that forwards nothing it does not implement cannot be detected this way; the
/// Objective-C base still drops a forward nested more than a few levels deep within one proxy.
protocol DelegateProxyWrapper: AnyObject {
    /// The OnKit delegate proxy this object forwards to, if any.
    var wrappedDelegateProxy: AnyObject? { get }
}

extension DelegateForwarding {
    /// The OnKit delegate proxy `candidate` is, or forwards to (see `DelegateProxyWrapper`).
    static func proxy(reachedFrom candidate: AnyObject) -> (any DelegateProxy)? {
        if let proxy = candidate as? any DelegateProxy { return proxy }
        if let wrapper = candidate as? any DelegateProxyWrapper {
            return wrapper.wrappedDelegateProxy as? any DelegateProxy
        }
        #if canImport(ObjectiveC)
        return objCDelegateProxy(reachedFrom: candidate)
        #else
        return nil
        #endif
    }
}
