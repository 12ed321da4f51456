/// A handle on one registered handler (or one adapter registration), to cancel it.
///
/// Discarding an `EventSubscription` does **not** cancel it: like a .NET event handler, a handler stays
/// registered as long as its event lives. Cancel it with `cancel()`, with `event -= subscription`,
/// by tying it to a ``Lifetime`` (`subscription.store(in: lifetime)`), or subscribe with an
/// `owner:` so that it ends with its owner.
///
/// A subscription holds its event weakly: keeping one never keeps the event or its handlers
/// alive, and once cancelled the handler's closure is released at once, which breaks any cycle
/// the closure was part of.
///
/// ```swift
/// let subscription = thermostat.temperatureChanged += { _, celsius in print(celsius) }
/// subscription.isActive   // true
/// subscription.cancel()   // true: removed now
/// subscription.cancel()   // false: nothing left to remove
/// ```
///
/// Subscriptions are `Hashable` (by identity of the registration: two different registrations,
/// even of the same closure, are never equal) and `Sendable`: cancel from any thread.
public struct EventSubscription: Hashable, Sendable {
    let token: UInt64
    /// Where the handler was when it was added: the first place a removal looks.
    let slot: Int
    /// The event's store, held weakly so that a kept subscription never keeps an event alive.
    private weak var weakSource: (any SubscriptionSource)?
    /// A custom cancellation action, held strongly: nothing else keeps it.
    private let ownedSource: (any SubscriptionSource)?

    @usableFromInline
    init(token: UInt64, slot: Int, source: any SubscriptionSource) {
        self.token = token
        self.slot = slot
        weakSource = source
        ownedSource = nil
    }

    /// A subscription that holds its source strongly: for a source nothing else is seen to
    /// hold (a watch kept alive only by the Dispatch handler it installed). Cancelling it must
    /// release what the source holds, since keeping the subscription keeps the source.
    init(retaining source: any SubscriptionSource) {
        token = makeSubscriptionToken()
        slot = 0
        weakSource = nil
        ownedSource = source
    }

    /// Creates a subscription whose cancellation runs `onCancel`, at most once.
    ///
    /// For adapters over mechanisms that have their own registration (an observer token, a
    /// timer, a dispatch source): the subscription then cancels like any other.
    ///
    /// ```swift
    /// let observer = center.addObserver(forName: name, object: nil, queue: nil) { _ in }
    /// return EventSubscription { center.removeObserver(observer) }
    /// ```
    public init(onCancel: @escaping @Sendable () -> Void) {
        self.init(retaining: CancelAction(onCancel))
    }

    private var source: (any SubscriptionSource)? { ownedSource ?? weakSource }

    /// Whether the handler is still registered: false once cancelled, once a one-shot handler has
    /// started running, once an owner-bound handler has been released, or once its event is gone.
    public var isActive: Bool {
        source?.isActive(token: token, slot: slot) ?? false
    }

    /// Removes the handler. Idempotent and thread-safe.
    ///
    /// After `cancel()` returns, no send that starts later calls the handler, and a send already
    /// running on this thread skips it. A send already running on another thread may still call
    /// it once. The handler's closure is released before `cancel()` returns (unless such a send
    /// still holds it).
    ///
    /// - Returns: `true` if this call removed the handler; `false` if it was already removed,
    ///   or its event no longer exists.
    @discardableResult
    public func cancel() -> Bool {
        source?.remove(token: token, slot: slot) ?? false
    }

    /// Whether this subscription was made on `source`.
    func belongs(to source: any SubscriptionSource) -> Bool {
        self.source === source
    }

    /// Whether both are the same registration (copies of one subscription).
    public static func == (lhs: EventSubscription, rhs: EventSubscription) -> Bool {
        lhs.token == rhs.token
    }

    /// Hashes the registration's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(token)
    }
}
