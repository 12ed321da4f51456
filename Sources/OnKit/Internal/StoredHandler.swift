import Synchronization

/// One registered handler, as a `HandlerList` slot holds it in place: a plain one is the user's
/// closure itself (`plain`), so a send calls it at the cost of the closure, without switching
/// over an enum of several payloads; the kinds with state (a class reference) fit one word
/// beside it (`special`). Three words in all (a slot has room for three).
///
/// Frozen, as `Special` is: inlinable sends read both fields in place.
@usableFromInline @frozen
struct StoredHandler<Sender, Args, Result>: Sendable {
    @usableFromInline var plain: (@Sendable (Sender, Args) -> Result)?
    @usableFromInline var special: Special?

    /// Frozen: inlinable sends switch over it, and it is internal, so no client adds a case.
    @usableFromInline @frozen
    enum Special: Sendable {
        case owned(OwnedHandler<Sender, Args, Result>)
        case once(OnceHandler<Sender, Args, Result>)
    }

    @inlinable static func plain(_ call: @escaping @Sendable (Sender, Args) -> Result) -> Self { Self(plain: call) }
    @inlinable static func owned(_ handler: OwnedHandler<Sender, Args, Result>) -> Self { Self(special: .owned(handler)) }
    @inlinable static func once(_ handler: OnceHandler<Sender, Args, Result>) -> Self { Self(special: .once(handler)) }

    @inlinable
    init(plain: (@Sendable (Sender, Args) -> Result)? = nil, special: Special? = nil) {
        (self.plain, self.special) = (plain, special)
    }

    /// Whether this is a tombstone.
    @inlinable var isEmpty: Bool { plain == nil && special == nil }

    /// Whether the handler can never run again (owner gone, or ran once): releasable now.
    @inlinable
    var isFinished: Bool {
        switch special {
        case nil: false
        case .owned(let handler)?: handler.owner == nil
        case .once(let handler)?: handler.hasRun
        }
    }

    /// Whether a one-shot handler has started: it is no longer active.
    @inlinable
    var hasRun: Bool {
        if case .once(let handler)? = special { handler.hasRun } else { false }
    }

    /// Whether `isFinished` can ever become true.
    @inlinable var canFinish: Bool { special != nil }
}

/// A handler bound to an owner held weakly; the owner is handed back on every call.
@usableFromInline
final class OwnedHandler<Sender, Args, Result>: Sendable {
    @usableFromInline weak let owner: (any AnyObject & Sendable)?
    /// Takes the owner type-erased; the closure built in `init` casts it back.
    @usableFromInline let call: @Sendable (any AnyObject & Sendable, Sender, Args) -> Result

    /// Convenience and inlinable (the closure is made where the types are known), delegating
    /// to the designated initializer, as library evolution requires.
    @inlinable
    convenience init<Owner: AnyObject & Sendable>(
        owner: Owner,
        handler: @escaping @Sendable (Owner, Sender, Args) -> Result
    ) {
        self.init(erasedOwner: owner) { owner, sender, args in
            // Sound: `owner` is only ever the object stored above, which is an `Owner`.
            handler(unsafeDowncast(owner, to: Owner.self), sender, args)
        }
    }

    /// A handler with the same owner as `other`, calling `call` with it.
    convenience init<S, A>(
        erasedOwner other: OwnedHandler<S, A, Result>, call: @escaping @Sendable (any AnyObject & Sendable, Sender, Args) -> Result
    ) {
        self.init(erasedOwner: other.owner, call: call)
    }

    @usableFromInline
    init(erasedOwner owner: (any AnyObject & Sendable)?, call: @escaping @Sendable (any AnyObject & Sendable, Sender, Args) -> Result) {
        (self.owner, self.call) = (owner, call)
    }
}

/// A handler that runs at most once, whichever threads send.
@usableFromInline
final class OnceHandler<Sender, Args, Result>: Sendable {
    @usableFromInline let ran = Atomic<Bool>(false)
    @usableFromInline let call: @Sendable (Sender, Args) -> Result

    @usableFromInline
    init(_ call: @escaping @Sendable (Sender, Args) -> Result) { self.call = call }

    /// True for exactly one caller: the one that may run the handler.
    @inlinable
    func claim() -> Bool {
        !ran.exchange(true, ordering: .acquiringAndReleasing)
    }

    @inlinable
    var hasRun: Bool { ran.load(ordering: .acquiring) }
}
