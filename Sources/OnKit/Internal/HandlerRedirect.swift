/// Where a face's handlers really go, for a store that keeps none itself (`HandlerStore(redirect:)`).
///
/// An adapter's proxy keeps its handlers in one store typed by the class whose delegate it
/// serves, and hands out faces typed for the caller's `Base` (a subclass) or, for a generic
/// host (`NSCache<Key, Object>`), a wider-typed store; each handler is wrapped to cast back.
@usableFromInline
protocol HandlerRedirect<Sender, Args, Answer>: Sendable {
    associatedtype Sender
    associatedtype Args
    associatedtype Answer
    /// Adds the handler where it really lives.
    func insert(_ handler: StoredHandler<Sender, Args, Answer>) -> EventSubscription
    /// The store the subscriptions belong to.
    var source: any SubscriptionSource { get }
    /// The number of handlers there.
    var count: Int { get }
    /// Ends the source where the handlers really live (see `HandlerStore.finish()`).
    func finish()
}

/// A store's redirect, in a box of its own (see `HandlerStore.redirectBox`).
@usableFromInline
final class RedirectBox<Sender, Args, Answer>: Sendable {
    @usableFromInline let redirect: any HandlerRedirect<Sender, Args, Answer>

    init(_ redirect: any HandlerRedirect<Sender, Args, Answer>) { self.redirect = redirect }
}

/// Redirects handlers of `(Sender, Args)` into `root`, a store of `(Root, RootArgs)`: `accept`
/// turns each of `root`'s calls into the values a handler gets, or `nil` for a call that is not
/// for this face; such a call reaches none of its handlers, each answering `abstention()` instead.
struct CastRedirect<Root, RootArgs, Sender, Args, Answer>: HandlerRedirect {
    let root: HandlerStore<Root, RootArgs, Answer>
    let accept: @Sendable (Root, RootArgs) -> (Sender, Args)?
    let abstention: @Sendable () -> Answer

    func insert(_ handler: StoredHandler<Sender, Args, Answer>) -> EventSubscription {
        let (adapted, own) = handler.adapted(accept, abstention: abstention)
        let subscription = root.insert(adapted)
        own?.withLock { $0 = subscription }
        return subscription
    }

    var source: any SubscriptionSource { root }
    var count: Int { root.count }
    func finish() { root.finish() }
}

extension StoredHandler {
    /// The same handler (plain, owner-bound or one-shot) as a handler of `(Root, RootArgs)`,
    /// called with what `accept` makes of each call, and answering `abstention()` where it makes
    /// nothing. For a one-shot handler, also where its subscription goes once it is stored (see
    /// below); `nil` for the others.
    func adapted<Root, RootArgs>(
        _ accept: @escaping @Sendable (Root, RootArgs) -> (Sender, Args)?,
        abstention: @escaping @Sendable () -> Result
    ) -> (StoredHandler<Root, RootArgs, Result>, ownSubscription: Locked<EventSubscription?>?) {
        switch (plain, special) {
        case (let call?, _):
            return (.plain { root, args in
                guard let (sender, args) = accept(root, args) else { return abstention() }
                return call(sender, args)
            }, nil)
        case (nil, .owned(let owned)?):
            return (.owned(OwnedHandler(erasedOwner: owned) { owner, root, args in
                guard let (sender, args) = accept(root, args) else { return abstention() }
                return owned.call(owner, sender, args)
            }), nil)
        case (nil, .once(let once)?):
            // The store uses a one-shot handler up before calling it, even for a call it must not
            // get. So it is stored as a handler of its own that claims `once` only for a call it
            // accepts, and then cancels its subscription, before running: inactive from the
            // moment it starts, as a one-shot handler is. It is owned by a token that only it
            // holds and drops then too, so that the store removes it even if it ran before its
            // subscription was known (another thread sent at once).
            let owner = OnceToken()
            let token = Locked<OnceToken?>(owner)
            let own = Locked<EventSubscription?>(nil)
            return (.owned(OwnedHandler(owner: owner) { _, root, args in
                guard let (sender, args) = accept(root, args), once.claim() else { return abstention() }
                token.withLock { $0 = nil }
                own.withLock { $0 }?.cancel()
                return once.call(sender, args)
            }), own)
        case (nil, nil):
            return (StoredHandler<Root, RootArgs, Result>(), nil)
        }
    }
}

/// The owner of a one-shot handler adapted by `StoredHandler.adapted(_:abstention:)`.
private final class OnceToken: Sendable {}

extension ReadOnlyDecision where Sender: AnyObject {
    /// This face for the handlers of one host, `host`: typed `Sub` (the class of `host` the
    /// caller names, `Sender` or a subclass), and given only the calls `host` sends.
    ///
    /// A proxy belongs to one host, but an app may hand it to another (`tableB.delegate =
    /// tableA.delegate`, `rotation.delegate = pinch.delegate`). Such a call is forwarded by the
    /// proxy as any other, and reaches none of `host`'s handlers: each answers `abstention()`
    /// in its place, and a `once` handler is not used up. For an event that is nothing; for a
    /// decision it is the decision's default (`ProxyCallback`), which for every rule a proxy
    /// uses (`all()`, `any()`, `firstNonNil()`) leaves the answer as if nobody were asked.
    /// `host` is held weakly and compared by identity, and the sender is cast with a checked cast.
    func serving<Sub: AnyObject>(
        _ host: AnyObject, as _: Sub.Type, abstention: @escaping @Sendable () -> Answer
    ) -> ReadOnlyDecision<Sub, Args, Answer> {
        let host = WeakIdentity(host)
        return ReadOnlyDecision<Sub, Args, Answer>(HandlerStore(redirect: CastRedirect(root: store, accept: { root, args in
            guard host.refers(to: root), let sender = root as? Sub else { return nil }
            return (sender, args)
        }, abstention: abstention)))
    }
}

extension ReadOnlyDecision where Sender: AnyObject {
    /// This face with the sender typed `Sub`, a subclass of `Sender` (itself when `Sub` is
    /// `Sender`), for a source whose only sender is a `Sub` by construction: a control's action,
    /// a timer's tick, the proxy of a `URLSession` (its delegate is fixed when it is made). A
    /// source a host's delegate slot can hand to another object uses `serving(_:as:abstention:)`.
    ///
    /// - Precondition: every call's sender is a `Sub` (a checked cast). An event skips a call
    ///   whose sender is not; a decision, which must answer, stops with a message naming both.
    @_spi(OnKitInternal) public func sent<Sub: AnyObject>(as _: Sub.Type) -> ReadOnlyDecision<Sub, Args, Answer> {
        if let same = self as? ReadOnlyDecision<Sub, Args, Answer> { return same }
        return ReadOnlyDecision<Sub, Args, Answer>(HandlerStore(redirect: CastRedirect(root: store, accept: { root, args in
            guard let sender = root as? Sub else {
                preconditionFailure("OnKit: a \(type(of: root)) sent to handlers of a \(Sub.self), whose only sender it is by construction")
            }
            return (sender, args)
        }, abstention: { preconditionFailure("OnKit: unreachable, `accept` never declines") })))
    }
}

extension ReadOnlyDecision where Sender: AnyObject, Answer == Void {
    /// `sent(as:)` for an event: a call whose sender is not a `Sub` (a checked cast) reaches no handler.
    @_spi(OnKitInternal) public func sent<Sub: AnyObject>(as _: Sub.Type) -> ReadOnlyDecision<Sub, Args, Answer> {
        if let same = self as? ReadOnlyDecision<Sub, Args, Answer> { return same }
        return ReadOnlyDecision<Sub, Args, Answer>(HandlerStore(redirect: CastRedirect(root: store, accept: { root, args in
            (root as? Sub).map { ($0, args) }
        }, abstention: {})))
    }
}

extension ReadOnlyDecision where Answer == Void {
    /// This face with the sender and arguments cast to `Sub` and `SubArgs` by checked casts: a
    /// call they do not fit (only a hand-made call with foreign values) is not delivered.
    func cast<Sub, SubArgs>(to _: Sub.Type, _: SubArgs.Type) -> ReadOnlyEvent<Sub, SubArgs> {
        ReadOnlyEvent(HandlerStore(redirect: CastRedirect(root: store, accept: { root, args in
            guard let sender = root as? Sub, let args = args as? SubArgs else { return nil }
            return (sender, args)
        }, abstention: {})))
    }
}
