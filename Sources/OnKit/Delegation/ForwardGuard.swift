#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
#if canImport(ObjectiveC)
import OnKitObjC
#endif

/// The one place where a delegate proxy's calls to its forward target are bounded: every method
/// a proxy implements forwards through `DelegateForwarding.forward(_:_:)`, which runs here.
///
/// A loop that OnKit can see (a forward target that exposes where it forwards, and forwards back
/// to the proxy) is cut before the call, by `DelegateForwarding`'s resolution. This guard is for
/// the loop nobody can see: a delegate that stored OnKit's proxy as "the previous delegate",
/// calls it, and was then adopted by that proxy as its forward target (IQKeyboardManager's
/// return-key handler, an app's hand-written forwarder, set between two `on.` calls). Each call
/// then comes back into the same proxy method, on the same thread, inside the forward.
///
/// A forward of one proxy method nested `maximumNesting` deep in itself, on one thread, is cut:
/// the forwarding learns that its target loops (`DelegateForwarding.learnLoop(through:method:)`),
/// and the innermost call goes to the delegate the proxy forwarded to before (the app's), which
/// every later call goes to straight. So the first looping callback reaches the forwarder
/// `maximumNesting` times, the proxy's handlers `maximumNesting + 1` times and the app's delegate
/// once; every later one reaches the handlers and the app's delegate once, and the forwarder,
/// which the loop made unreachable, not at all (the Semantics article, "Beside other libraries").
///
/// UIKit may nest a callback legitimately: a delegate's `scrollViewDidScroll` that clamps
/// `contentOffset` makes UIKit send `scrollViewDidScroll` again, inside the first. That is depth
/// 2, well under the bound; a handler doing the same is depth 1, since handlers run after the
/// forward returns.
///
/// Frames live on the stack of the calls they describe, linked through a thread-specific head:
/// checking allocates nothing. The Objective-C base (`OnKitForwardingProxy`) guards the
/// selectors a proxy does not implement the same way, with the same bound.
enum ForwardGuard {
    /// How deep one proxy method may forward within itself on one thread.
    #if canImport(ObjectiveC)
    static let maximumNesting = Int(OnKitForwardingProxyMaximumNesting)
    #else
    static let maximumNesting = 4
    #endif

    /// One open forward: whose, and from which method.
    private struct Frame {
        let owner: ObjectIdentifier
        let site: UnsafeRawPointer?
        let next: UnsafeMutableRawPointer?
    }

    /// Runs `body` as a forward of `owner`'s method `site`, unless `maximumNesting` such forwards
    /// are open on this thread already: then `cut` runs instead, with no frame.
    static func nest<Result>(_ owner: AnyObject, _ site: StaticString, _ body: () -> Result, cut: () -> Result?) -> Result? {
        let owner = ObjectIdentifier(owner)
        let site = site.hasPointerRepresentation ? UnsafeRawPointer(site.utf8Start) : nil
        let head = pthread_getspecific(framesKey)
        var depth = 0
        var open = head
        while let frame = open?.assumingMemoryBound(to: Frame.self).pointee {
            if frame.owner == owner, frame.site == site {
                depth += 1
                if depth >= maximumNesting { return cut() }
            }
            open = frame.next
        }
        var frame = Frame(owner: owner, site: site, next: head)
        return withUnsafeMutablePointer(to: &frame) { pointer in
            pthread_setspecific(framesKey, pointer)
            defer { pthread_setspecific(framesKey, head) }
            return body()
        }
    }
}

/// The thread-specific head of the open forwards (no destructor: frames live on the stack, and a
/// thread's head is back to nil whenever no forward is open on it).
private let framesKey: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(status == 0, "OnKit: pthread_key_create failed (\(status)): no thread-local slot is left")
    return key
}()
