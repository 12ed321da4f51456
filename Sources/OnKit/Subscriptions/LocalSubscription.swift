/// A handle on one handler of a local face (``ReadOnlyLocalDecision``, ``LocalEvent``), to
/// cancel it where it was made.
///
/// Not `Sendable`, unlike ``EventSubscription``: cancelling releases the handler's closure, and
/// with it what the closure captured, so it happens in the region whose state the handler
/// captured (moving the whole region, with `sending`, moves the subscription with it). For the
/// same reason there is no ``Lifetime`` for it, which is `Sendable`: keep it in the object whose
/// handler it is and cancel it there, or discard it, and the handler lives as long as its source.
///
/// ```swift
/// var seen: [Double] = []
/// let subscription = download.progressed { seen.append($0) }
/// download.progressed -= subscription
/// ```
public struct LocalSubscription: Hashable {
    @usableFromInline let subscription: EventSubscription

    @usableFromInline
    init(_ subscription: EventSubscription) { self.subscription = subscription }

    /// Whether the handler is still registered: false once cancelled, once a one-shot handler has
    /// started running, once an owner-bound handler has been released, or once its source is gone.
    public var isActive: Bool { subscription.isActive }

    /// Removes the handler, and releases its closure before returning (or, when called during a
    /// send of its source, when that send returns, on this thread). Idempotent.
    ///
    /// - Returns: `true` if this call removed the handler.
    @discardableResult
    public func cancel() -> Bool { subscription.cancel() }

    /// Whether this subscription was made on `source`.
    func belongs(to source: any SubscriptionSource) -> Bool { subscription.belongs(to: source) }
}

/// Deliberately not `Sendable`: it is cancelled where it was made (see the type).
@available(*, unavailable)
extension LocalSubscription: Sendable {}
