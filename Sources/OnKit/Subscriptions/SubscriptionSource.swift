/// What an `EventSubscription` cancels through: an event's handler store, or a custom action.
@usableFromInline
protocol SubscriptionSource: AnyObject, Sendable {
    /// Removes the registration; true if this call removed it.
    func remove(token: UInt64, slot: Int) -> Bool
    /// Whether the registration is still in place.
    func isActive(token: UInt64, slot: Int) -> Bool
}

/// A subscription source that runs a cancellation action once, then forgets it.
final class CancelAction: SubscriptionSource {
    private let action: Locked<(@Sendable () -> Void)?>

    init(_ action: @escaping @Sendable () -> Void) { self.action = Locked(action) }

    func remove(token: UInt64, slot: Int) -> Bool {
        // Taken under the lock so that two cancels race for it; run after unlocking.
        guard let action = action.withLock({ $0.take() }) else { return false }
        action()
        return true
    }

    func isActive(token: UInt64, slot: Int) -> Bool { action.withLock { $0 != nil } }
}
