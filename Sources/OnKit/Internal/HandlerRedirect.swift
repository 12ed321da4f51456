/// How an adapter hands out its callbacks with the sender typed as the caller's `Base` (a
/// subclass of the class whose delegate the proxy serves) while the handlers live in the
/// proxy's one store, typed by that class.
///
/// `ReadOnlyDecision.sent(as:)` returns the proxy's own face when `Base` is that class (the usual
/// case: no cost). For a subclass it returns a face over a store that keeps no handlers itself:
/// each one is redirected into the proxy's store, wrapped to downcast the sender. That is sound
/// because a proxy belongs to one host, which is the only sender, and is a `Base`.
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

/// Redirects `Sub`-typed handlers into a store whose sender is `Root`, a superclass of `Sub`.
struct SenderCast<Root: AnyObject, Sub: AnyObject, Args, Answer>: HandlerRedirect {
    let root: HandlerStore<Root, Args, Answer>

    func insert(_ handler: StoredHandler<Sub, Args, Answer>) -> EventSubscription {
        root.insert(handler.adapted { root, args, call in
            // Sound: the only sender of a proxy's store is its host, a `Sub` (see above).
            call(unsafeDowncast(root, to: Sub.self), args)
        })
    }

    var source: any SubscriptionSource { root }
    var count: Int { root.count }
    func finish() { root.finish() }
}

/// Redirects handlers of `(Sub, SubArgs)` into an event store typed wider (`AnyObject`, `Any`),
/// for a proxy that serves every specialization of a generic host (`NSCache<Key, Object>`).
/// Each call's sender and arguments are cast back with checked casts, never reinterpreted; a
/// call they do not fit (only possible if something calls the proxy by hand with foreign
/// values) is not delivered to the handler.
struct CheckedCast<Root, RootArgs, Sub, SubArgs>: HandlerRedirect {
    let root: HandlerStore<Root, RootArgs, Void>

    func insert(_ handler: StoredHandler<Sub, SubArgs, Void>) -> EventSubscription {
        root.insert(handler.adapted { root, args, call in
            if let sender = root as? Sub, let args = args as? SubArgs { call(sender, args) }
        })
    }

    var source: any SubscriptionSource { root }
    var count: Int { root.count }
    func finish() { root.finish() }
}

extension StoredHandler {
    /// The same handler (plain, owner-bound or one-shot) as a handler of `(Root, RootArgs)`:
    /// `adapt` gets each call's values and the handler's call, and decides how to call it.
    func adapted<Root, RootArgs>(
        _ adapt: @escaping @Sendable (Root, RootArgs, (Sender, Args) -> Result) -> Result
    ) -> StoredHandler<Root, RootArgs, Result> {
        switch self {
        case .plain(let call):
            return .plain { root, args in adapt(root, args, call) }
        case .owned(let owned):
            return .owned(OwnedHandler(erasedOwner: owned) { owner, root, args in
                adapt(root, args) { sender, args in owned.call(owner, sender, args) }
            })
        case .once(let once):
            return .once(OnceHandler { root, args in adapt(root, args, once.call) })
        }
    }
}

extension ReadOnlyDecision where Sender: AnyObject {
    /// This face with the sender typed `Sub`, a subclass of `Sender` (see `SenderCast`).
    @_spi(OnKitInternal) public func sent<Sub: AnyObject>(as _: Sub.Type) -> ReadOnlyDecision<Sub, Args, Answer> {
        if let same = self as? ReadOnlyDecision<Sub, Args, Answer> { return same }
        return ReadOnlyDecision<Sub, Args, Answer>(
            HandlerStore(redirect: SenderCast<Sender, Sub, Args, Answer>(root: store))
        )
    }
}

extension ReadOnlyDecision where Answer == Void {
    /// This face with the sender and arguments cast to `Sub` and `SubArgs` (see `CheckedCast`).
    func cast<Sub, SubArgs>(to _: Sub.Type, _: SubArgs.Type) -> ReadOnlyEvent<Sub, SubArgs> {
        ReadOnlyEvent(HandlerStore(redirect: CheckedCast<Sender, Args, Sub, SubArgs>(root: store)))
    }
}
