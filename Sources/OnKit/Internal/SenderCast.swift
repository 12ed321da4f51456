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
    func insert(_ handler: StoredHandler<Sender, Args, Answer>) -> Subscription
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

    func insert(_ handler: StoredHandler<Sub, Args, Answer>) -> Subscription {
        root.insert(handler.castingSender(from: Root.self))
    }

    var source: any SubscriptionSource { root }
    var count: Int { root.count }
    func finish() { root.finish() }
}

extension StoredHandler where Sender: AnyObject {
    /// The same handler, taking a `Root` that is always a `Sender`.
    func castingSender<Root: AnyObject>(from _: Root.Type) -> StoredHandler<Root, Args, Result> {
        // Sound: the only sender of a proxy's store is its host, a `Sender` (see `SenderCast`).
        @Sendable func cast(_ root: Root) -> Sender { unsafeDowncast(root, to: Sender.self) }
        switch self {
        case .plain(let call):
            return .plain { root, args in call(cast(root), args) }
        case .owned(let owned):
            return .owned(OwnedHandler(erasedOwner: owned) { owner, root, args in owned.call(owner, cast(root), args) })
        case .once(let once):
            return .once(OnceHandler { root, args in once.call(cast(root), args) })
        }
    }
}

extension ReadOnlyDecision where Sender: AnyObject {
    /// This face with the sender typed `Sub`, a subclass of `Sender` (see `SenderCast`).
    @usableFromInline
    func sent<Sub: AnyObject>(as _: Sub.Type) -> ReadOnlyDecision<Sub, Args, Answer> {
        if let same = self as? ReadOnlyDecision<Sub, Args, Answer> { return same }
        return ReadOnlyDecision<Sub, Args, Answer>(
            HandlerStore(redirect: SenderCast<Sender, Sub, Args, Answer>(root: store))
        )
    }
}
