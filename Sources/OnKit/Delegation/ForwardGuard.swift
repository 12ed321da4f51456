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
/// Only a delegate set after the proxy is learnt this way (`ForwardingState.mayLoop`): the one the
/// slot held when the proxy first took it cannot have stored the proxy, and a cut through it
/// drops only that innermost forward.
///
/// UIKit may nest a callback legitimately: a delegate's `scrollViewDidScroll` that clamps
/// `contentOffset` makes UIKit send `scrollViewDidScroll` again, inside the first. That is depth
/// 2, well under the bound; a handler doing the same is depth 1, since handlers run after the
/// forward returns.
///
/// The open forwards are a small stack per thread (allocated on a thread's first forward, freed
/// when it exits): opening one counts the matching entries and pushes one, closing pops it; no
/// allocation after the first, and nothing generic, so a proxy in another module (URLSession's)
/// pays no run-time generic lookups. An Objective-C exception thrown through a forward skips its
/// `close()`: the entry left behind only lowers that thread's bound for the same method, it never
/// crashes. The Objective-C base (`OnKitForwardingProxy`) guards the selectors a proxy does not
/// implement the same way, with the same bound.
@usableFromInline enum ForwardGuard {
    /// How deep one proxy method may forward within itself on one thread.
    #if canImport(ObjectiveC)
    static let maximumNesting = Int(OnKitForwardingProxyMaximumNesting)
    #else
    static let maximumNesting = 4
    #endif

    /// Opens a forward of `owner`'s method `site` on this thread, unless `maximumNesting` are
    /// open already: answers whether it did. Each one opened is closed by `close()`, on the same
    /// thread, when the forward returns.
    @usableFromInline
    static func open(_ owner: ObjectIdentifier, _ site: StaticString) -> Bool {
        let entry = Entry(owner: owner, site: site.hasPointerRepresentation ? UnsafeRawPointer(site.utf8Start) : nil)
        let stack = ForwardStack.current
        var depth = 0
        for index in 0..<stack.pointee.count where stack.pointee.entries[index] == entry {
            depth += 1
            if depth >= maximumNesting { return false }
        }
        stack.pointee.push(entry)
        return true
    }

    /// Closes the innermost forward `open` opened on this thread.
    @usableFromInline
    static func close() {
        ForwardStack.current.pointee.count -= 1
    }

    /// One open forward: whose, and from which method.
    struct Entry: Equatable {
        let owner: ObjectIdentifier
        let site: UnsafeRawPointer?
    }
}

/// A thread's open forwards.
private struct ForwardStack {
    var count = 0
    var capacity = 0
    var entries: UnsafeMutablePointer<ForwardGuard.Entry>

    mutating func push(_ entry: ForwardGuard.Entry) {
        if count == capacity {
            let grown = UnsafeMutablePointer<ForwardGuard.Entry>.allocate(capacity: max(8, capacity * 2))
            grown.moveInitialize(from: entries, count: count)
            entries.deallocate()
            entries = grown
            capacity = max(8, capacity * 2)
        }
        (entries + count).initialize(to: entry)
        count += 1
    }

    /// This thread's stack, made on its first forward.
    static var current: UnsafeMutablePointer<ForwardStack> {
        if let stack = pthread_getspecific(stackKey) { return stack.assumingMemoryBound(to: ForwardStack.self) }
        let stack = UnsafeMutablePointer<ForwardStack>.allocate(capacity: 1)
        stack.initialize(to: ForwardStack(entries: UnsafeMutablePointer<ForwardGuard.Entry>.allocate(capacity: 0)))
        pthread_setspecific(stackKey, stack)
        return stack
    }
}

/// The key of each thread's `ForwardStack`; its destructor frees the stack when the thread exits
/// (entries are plain values: nothing to deinitialize).
private let stackKey: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { value in
        let raw: UnsafeMutableRawPointer? = value  // optional on Linux, not on Apple platforms
        guard let stack = raw?.assumingMemoryBound(to: ForwardStack.self) else { return }
        stack.pointee.entries.deallocate()
        stack.deinitialize(count: 1)
        stack.deallocate()
    }
    precondition(status == 0, "OnKit: pthread_key_create failed (\(status)): no thread-local slot is left")
    return key
}()
