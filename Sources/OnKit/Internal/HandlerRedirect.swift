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

/// Redirects handlers of `(Sender, Args)` into `root`, a store of `(Root, RootArgs)`: `adapt`
/// gets each call's values and the handler's call, and decides how to call it.
struct CastRedirect<Root, RootArgs, Sender, Args, Answer>: HandlerRedirect {
    let root: HandlerStore<Root, RootArgs, Answer>
    let adapt: @Sendable (Root, RootArgs, (Sender, Args) -> Answer) -> Answer

    func insert(_ handler: StoredHandler<Sender, Args, Answer>) -> EventSubscription {
        root.insert(handler.adapted(adapt))
    }

    var source: any SubscriptionSource { root }
    var count: Int { root.count }
    func finish() { root.finish() }
}

extension StoredHandler {
    /// The same handler (plain, owner-bound or one-shot) as a handler of `(Root, RootArgs)`.
    func adapted<Root, RootArgs>(
        _ adapt: @escaping @Sendable (Root, RootArgs, (Sender, Args) -> Result) -> Result
    ) -> StoredHandler<Root, RootArgs, Result> {
        switch (plain, special) {
        case (let call?, _): .plain { root, args in adapt(root, args, call) }
        case (nil, .owned(let owned)?):
            .owned(OwnedHandler(erasedOwner: owned) { owner, root, args in
                adapt(root, args) { sender, args in owned.call(owner, sender, args) }
            })
        case (nil, .once(let once)?): .once(OnceHandler { root, args in adapt(root, args, once.call) })
        case (nil, nil): StoredHandler<Root, RootArgs, Result>()
        }
    }
}

extension ReadOnlyDecision where Sender: AnyObject {
    /// This face with the sender typed `Sub`, a subclass of `Sender`: itself when `Sub` is `Sender`.
    @_spi(OnKitInternal) public func sent<Sub: AnyObject>(as _: Sub.Type) -> ReadOnlyDecision<Sub, Args, Answer> {
        if let same = self as? ReadOnlyDecision<Sub, Args, Answer> { return same }
        return ReadOnlyDecision<Sub, Args, Answer>(HandlerStore(redirect: CastRedirect(root: store) { root, args, call in
            // Sound: a proxy belongs to one host, its store's only sender, which is a `Sub`.
            call(unsafeDowncast(root, to: Sub.self), args)
        }))
    }
}

extension ReadOnlyDecision where Answer == Void {
    /// This face with the sender and arguments cast to `Sub` and `SubArgs` by checked casts: a
    /// call they do not fit (only a hand-made call with foreign values) is not delivered.
    func cast<Sub, SubArgs>(to _: Sub.Type, _: SubArgs.Type) -> ReadOnlyEvent<Sub, SubArgs> {
        ReadOnlyEvent(HandlerStore(redirect: CastRedirect(root: store) { root, args, call in
            if let sender = root as? Sub, let args = args as? SubArgs { call(sender, args) }
        }))
    }
}
