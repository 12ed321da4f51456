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
final class TargetDeathWatch: Sendable {
    static let key = AssociationKey<TargetDeathWatch>("OnKit.targetDeathWatch", default: TargetDeathWatch())

    /// What to do when the target goes, by the proxy that asked (a proxy asks once per target).
    private let actions = Locked<[ObjectIdentifier: @Sendable () -> Void]>([:])

    /// Runs `action` when `target` deallocates, once, in place of any action `proxy` gave before.
    static func watch(_ target: AnyObject, for proxy: AnyObject, _ action: @escaping @Sendable () -> Void) {
        let watch = On(target)[key]
        let replaced = watch.actions.withLock { $0.updateValue(action, forKey: ObjectIdentifier(proxy)) }
        withExtendedLifetime(replaced) {}  // released unlocked: it may hold anything
    }

    deinit {
        // Taken out of the lock before running: an action may run any code.
        let actions = actions.withLock { actions in
            defer { actions = [:] }
            return actions
        }
        for action in actions.values { action() }
    }
}
