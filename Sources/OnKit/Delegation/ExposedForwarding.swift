#if canImport(ObjectiveC)
import Foundation
#endif

/// A delegate that says where it forwards the callbacks it gets: another library's delegate
/// proxy. On Apple platforms RxCocoa's proxies say so through `_forwardToDelegate`, public on
/// `_RXDelegateProxy`; Swift code (and the stand-ins of such proxies on Linux) adopt this.
protocol ForwardingDelegate: AnyObject {
    /// The delegate this one forwards to now, if any.
    var forwardedDelegate: AnyObject? { get }
}

/// Reading where a delegate forwards, for `DelegateForwarding`: a forward target that forwards
/// back to the proxy would make every callback go round until the stack overflows (RxCocoa puts
/// its proxy back in front of whatever holds the slot on every `rx.` access, forwarding to it).
enum ExposedForwarding {
    /// How many forwarders in a row are followed before giving up (a chain that long is no chain
    /// that apps build; giving up means "does not reach", and the nesting guard still holds).
    static let maximumHops = 8

    /// Whether `object` says where it forwards: asked once when it becomes a forward target, so
    /// that forwarding to any other delegate costs nothing more.
    static func exposes(_ object: AnyObject) -> Bool {
        if object is any ForwardingDelegate { return true }
        #if canImport(ObjectiveC)
        return (object as? NSObject)?.responds(to: rxForwardToDelegate) ?? false
        #else
        return false
        #endif
    }

    /// Where `object` forwards now, if it says so.
    static func target(of object: AnyObject) -> AnyObject? {
        if let forwarder = object as? any ForwardingDelegate { return forwarder.forwardedDelegate }
        #if canImport(ObjectiveC)
        guard let object = object as? NSObject, object.responds(to: rxForwardToDelegate) else { return nil }
        return object.perform(rxForwardToDelegate)?.takeUnretainedValue()
        #else
        return nil
        #endif
    }

    /// Whether `candidate` forwards, directly or through other forwarders that say where they
    /// forward, to `proxy`.
    static func reaches(_ candidate: AnyObject, _ proxy: ObjectIdentifier) -> Bool {
        var hop = candidate
        for _ in 0..<maximumHops {
            guard let next = target(of: hop) else { return false }
            if ObjectIdentifier(next) == proxy { return true }
            hop = next
        }
        return false
    }
}

#if canImport(ObjectiveC)
/// `-[_RXDelegateProxy _forwardToDelegate]`: RxCocoa's forward target, a weak property that
/// returns at +0. Named, not referenced: OnKit does not link RxCocoa.
private let rxForwardToDelegate = Selector(("_forwardToDelegate"))
#endif
