/// What a `DelegateForwarding` forwards to, under its lock.
///
/// ## Beside other libraries
/// The forward target is the object the slot held when the proxy took it. When that object
/// forwards back to the proxy, forwarding to it would loop; then the proxy forwards to the
/// delegate it remembers instead:
/// - a target that says where it forwards (RxCocoa's proxy, `ExposedForwarding`) is checked on
///   every call, and what it forwarded to when it was adopted is remembered (Rx, then OnKit,
///   then `rx.` again: Rx → OnKit → the app's delegate);
/// - any other target is remembered with the target it replaces, and skipped once the
///   `ForwardGuard` cut a loop through it (`looping`): only a target adopted when the proxy
///   took the slot back (`mayLoop`), since only a delegate set after the proxy can have stored it
///   as "the previous delegate". The delegate the slot held when the proxy first took it is never
///   skipped: a cut through it (a callback UIKit nests deeper than the bound) drops that one
///   nested forward, and the next callback reaches it again.
/// A remembered delegate that loops too, or is gone, leaves no target.
struct ForwardingState {
    var target: DelegateReference
    /// Whether `target` says where it forwards (asked once, when it was adopted).
    var targetExposes: Bool
    /// Whether `target` was adopted when the proxy took the slot back from it (see above).
    var mayLoop = false
    /// The delegate to forward to when `target` forwards back to the proxy, held weakly.
    var remembered = DelegateReference()
    /// A target found forwarding back to the proxy without saying so, held weakly.
    var looping = DelegateReference()
    /// The proxy, once installed (nil for a `URLSession`'s, which is never in a slot).
    var proxy: ObjectIdentifier?

    /// Takes `adopted` as the target, remembering what it forwards to (`behind`) if it says so,
    /// else the target it replaces (see above). The caller holds the replaced target: it is not
    /// released here, under the lock.
    mutating func adopt(
        _ adopted: AnyObject?, exposes: Bool, behind: AnyObject?, takingBack: Bool, ownership: DelegateOwnership
    ) {
        let fallback = exposes ? behind : target.object
        target = DelegateReference(adopted, ownership: ownership)
        targetExposes = exposes
        mayLoop = takingBack
        let usable = fallback.map { $0 !== adopted && ObjectIdentifier($0) != proxy } ?? false
        remembered = DelegateReference(usable ? fallback : nil, ownership: .weak)
    }

    /// What the lock guards, as strong references, to resolve after unlocking (`resolve` asks
    /// other libraries' objects where they forward: their code never runs under the lock). The
    /// remembered delegate is not in it: it is needed only when the target forwards back.
    var snapshot: ForwardingSnapshot {
        ForwardingSnapshot(target: target.object, targetExposes: targetExposes, looping: looping.object, proxy: proxy)
    }
}

/// A `ForwardingState` read under the lock, resolved and released after unlocking.
struct ForwardingSnapshot: @unchecked Sendable {
    // @unchecked is sound: a snapshot only carries references out of `DelegateForwarding`'s lock
    // to the thread that took it, which calls the delegate as the host would have called it.
    let target: AnyObject?
    let targetExposes: Bool
    let looping: AnyObject?
    let proxy: ObjectIdentifier?

    /// The object to forward to now (see "Beside other libraries"): the target, unless it
    /// forwards back; then what `remembered()` gives, unless that forwards back too.
    func resolve(remembered: () -> AnyObject?) -> AnyObject? {
        guard let target else { return nil }
        if !targetExposes && looping !== target { return target }
        guard forwardsBack(target) else { return target }
        guard let remembered = remembered(), !forwardsBack(remembered) else { return nil }
        return remembered
    }

    private func forwardsBack(_ object: AnyObject) -> Bool {
        looping === object || proxy.map { ExposedForwarding.reaches(object, $0) } ?? false
    }
}
