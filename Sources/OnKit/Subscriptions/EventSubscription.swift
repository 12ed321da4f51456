/// A handle on one registered handler (or one adapter registration), to cancel it.
///
/// Discarding an `EventSubscription` does **not** cancel it: as with a .NET event, the handler
/// stays as long as its event lives. Cancel with `cancel()`, `event -= subscription`, a
/// ``Lifetime`` (`subscription.store(in: lifetime)`), or subscribe with an `owner:`.
///
/// It holds its event weakly, never keeping the event or handlers alive; cancelling releases
/// the handler's closure at once, breaking any cycle through it.
///
/// `Hashable` by registration (two registrations of one closure differ), `Sendable`: cancel from
/// any thread.
public struct EventSubscription: Hashable, Sendable {
    let token: UInt64
    /// Where the handler was when it was added: the first place a removal looks.
    let slot: Int
    /// The source, through the handle all its subscriptions share (three words in all: kept
    /// subscriptions are cheap to keep).
    private let handle: SubscriptionHandle

    @usableFromInline
    init(token: UInt64, slot: Int, handle: SubscriptionHandle) {
        (self.token, self.slot, self.handle) = (token, slot, handle)
    }

    /// A subscription of `source`, through its handle.
    init(token: UInt64, slot: Int, source: any SubscriptionSource) {
        self.init(token: token, slot: slot, handle: source.subscriptionHandle)
    }

    /// Creates a subscription whose cancellation runs `onCancel`, at most once: for adapters
    /// over a mechanism with its own registration: `EventSubscription { center.removeObserver(observer) }`.
    public init(onCancel: @escaping @Sendable () -> Void) {
        self.init(token: makeSubscriptionToken(), slot: 0, handle: SubscriptionHandle(owning: CancelAction(onCancel)))
    }

    private var source: (any SubscriptionSource)? { handle.source }

    /// Whether the handler is still registered: false once cancelled, once a one-shot handler has
    /// started running, once an owner-bound handler has been released, or once its event is gone.
    public var isActive: Bool { source?.isActive(token: token, slot: slot) ?? false }

    /// Removes the handler. Idempotent and thread-safe.
    ///
    /// After it returns, no later send calls the handler and a send running on this thread skips
    /// it; one running on another thread may still call it once. The closure is released before
    /// it returns (unless such a send still holds it).
    ///
    /// - Returns: `true` if this call removed the handler; `false` if already removed or the
    ///   event is gone.
    @discardableResult
    public func cancel() -> Bool { source?.remove(token: token, slot: slot) ?? false }

    /// Whether this subscription was made on `source`.
    func belongs(to source: any SubscriptionSource) -> Bool { self.source === source }

    /// Whether both are the same registration (copies of one subscription). Tokens are numbered
    /// per source, so the source's handle tells two sources' subscriptions apart.
    public static func == (lhs: EventSubscription, rhs: EventSubscription) -> Bool {
        lhs.token == rhs.token && lhs.handle === rhs.handle
    }

    /// Hashes the registration's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(token) }
}
