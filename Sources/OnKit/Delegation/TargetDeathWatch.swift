/// Learns that a weakly held forward target is gone, so that its host asks its delegate again.
///
/// UIKit and AppKit ask a delegate which optional methods it implements when it is set, and
/// keep the answers. Without OnKit, a delegate that deallocates leaves its host's weak slot
/// `nil`, and the host falls back to its defaults: a row's height is the table's `rowHeight`, a
/// recognizer receives every touch. With OnKit, the slot holds the proxy, which claimed the dead
/// delegate's methods and can only drop them (answering zero: `NO`, `0`, `nil`). So when the
/// target goes, the host is made to ask again (`DelegateProxy.face(_:on:as:slot:)`'s refresh),
/// and the proxy, with no target, claims only what has handlers. Until that refresh runs (on the
/// main actor, just after the target's deallocation) the host may still get a zero answer: the
/// teardown window.
///
/// A watch is a deinit sentinel (RxCocoa's `DeallocObservable`) stored on the target with
/// host-bound storage, one per target, holding one action per proxy that forwards to it. On
/// Linux the side table releases it when it sweeps (`Associations.releaseValuesOfDeadHosts()`).
/// A proxy's action is removed when the proxy adopts another target (`unwatch`), and when the
/// proxy is gone, at the next `watch` on the same target: a long-lived target (an app-wide
/// delegate) holds one action per live proxy, not one per proxy ever made.
final class TargetDeathWatch: Sendable {
    static let key = AssociationKey<TargetDeathWatch>("OnKit.targetDeathWatch", default: TargetDeathWatch())

    /// What to do when the target goes, by the proxy that asked (a proxy asks once per target).
    private let actions = Locked<[ObjectIdentifier: Action]>([:])

    /// How many proxies have an action here.
    var count: Int { actions.withLock { $0.count } }

    /// Runs `action` when `target` deallocates, once, in place of any action `proxy` gave before.
    static func watch(_ target: AnyObject, for proxy: AnyObject, _ action: @escaping @Sendable () -> Void) {
        let watch = On(target)[key]
        // Which proxies are gone is asked with no lock held: a weak load may take a dying
        // proxy's last reference, whose deinit releases user handlers.
        let gone = watch.actions.withLock { $0 }.filter { !$0.value.proxy.isAlive }
        let removed = watch.actions.withLock { actions -> [Action] in
            var removed = gone.compactMap { key, seen in actions[key] === seen ? actions.removeValue(forKey: key) : nil }
            let replaced = actions.updateValue(Action(proxy: WeakIdentity(proxy), run: action), forKey: ObjectIdentifier(proxy))
            if let replaced { removed.append(replaced) }
            return removed
        }
        withExtendedLifetime(removed) {}  // released unlocked: they may hold anything
    }

    /// Removes `proxy`'s action from `target`'s watch, if it has one: the proxy forwards elsewhere.
    static func unwatch(_ target: AnyObject, for proxy: AnyObject) {
        guard let watch = On(target).existingValue(for: key) else { return }
        let removed = watch.actions.withLock { $0.removeValue(forKey: ObjectIdentifier(proxy)) }
        withExtendedLifetime(removed) {}  // released unlocked
    }

    deinit {
        // Taken out of the lock before running: an action may run any code.
        let actions = actions.withLock { actions in
            defer { actions = [:] }
            return actions
        }
        for action in actions.values { action.run() }
    }

    /// One proxy's action; compared by identity to remove exactly the one seen.
    private final class Action: Sendable {
        let proxy: WeakIdentity
        let run: @Sendable () -> Void

        init(proxy: WeakIdentity, run: @escaping @Sendable () -> Void) {
            self.proxy = proxy
            self.run = run
        }
    }
}
