import Synchronization

/// One registered handler, as the store keeps it.
///
/// Plain handlers are stored as the user's closure itself, with no wrapper, so that calling one
/// costs what calling the closure costs. Only owner-bound and one-shot handlers carry extra state.
@usableFromInline
enum StoredHandler<Sender, Args, Result>: Sendable {
    case plain(@Sendable (Sender, Args) -> Result)
    /// An `Event` handler, kept in the `-> Void` form it was given in. Stored as `.plain` it would
    /// have to become `-> Result`, and Swift converts a closure between those two forms by
    /// wrapping it in a reabstraction thunk: one more heap allocation per subscription (48 bytes)
    /// and one more indirect call per send. Its result is `Void`: it is not passed to `consume`.
    case action(@Sendable (Sender, Args) -> Void)
    case owned(OwnedHandler<Sender, Args, Result>)
    case once(OnceHandler<Sender, Args, Result>)

    /// Whether the handler can never run again (its owner is gone, or it already ran once),
    /// so the store may release it without waiting for a send.
    @inlinable
    var isFinished: Bool {
        switch self {
        case .plain, .action: false
        case .owned(let handler): handler.owner == nil
        case .once(let handler): handler.hasRun
        }
    }

    /// Whether `isFinished` can ever become true.
    @inlinable
    var canFinish: Bool {
        switch self {
        case .plain, .action: false
        case .owned, .once: true
        }
    }
}

/// `StoredHandler`, noncopyable: how `HandlerStore.invokeEach` reads a handler in place.
///
/// Why it exists: calling a closure read out of an array makes Swift copy it first, an atomic
/// retain and release of its context per handler per send (most of a handler's cost), because
/// the call might overwrite the memory it was read from. `invokeEach` needs no such copy: the
/// snapshot array it reads from stays alive, unchanged (copy-on-write), for the whole send. Swift
/// does not copy a noncopyable value, so `invokeEach` views the snapshot's slots as
/// `BorrowedSlot`s and switches on them in place: each handler is called at +0.
///
/// The cases, their order and their payloads must stay exactly those of `StoredHandler`, so that
/// both enums have the same layout: `BorrowedSlot.matchesLayout` checks the sizes on every send
/// (for free), and debug builds check every case once per store (`mirrorsHandlerSlot()`).
@usableFromInline
enum BorrowedHandler<Sender, Args, Result>: ~Copyable {
    case plain(@Sendable (Sender, Args) -> Result)
    case action(@Sendable (Sender, Args) -> Void)
    case owned(OwnedHandler<Sender, Args, Result>)
    case once(OnceHandler<Sender, Args, Result>)
}

/// `HandlerSlot`, noncopyable: the same fields in the same order (see `BorrowedHandler`).
@usableFromInline
struct BorrowedSlot<Sender, Args, Result>: ~Copyable {
    @usableFromInline let token: UInt64
    @usableFromInline let handler: BorrowedHandler<Sender, Args, Result>?

    /// Whether a `HandlerSlot` buffer may be viewed as `BorrowedSlot`s: same size, stride and
    /// alignment. A constant once specialized: the check costs nothing at run time.
    @inlinable
    static var matchesLayout: Bool {
        MemoryLayout<Self>.size == MemoryLayout<HandlerSlot<Sender, Args, Result>>.size
            && MemoryLayout<Self>.stride == MemoryLayout<HandlerSlot<Sender, Args, Result>>.stride
            && MemoryLayout<Self>.alignment == MemoryLayout<HandlerSlot<Sender, Args, Result>>.alignment
    }
}

extension BorrowedSlot {
    /// Whether each `StoredHandler` case, stored in a `HandlerSlot` and read back as a
    /// `BorrowedSlot`, is the same case with the same token. For `assert` (it allocates).
    @usableFromInline
    static func mirrorsHandlerSlot() -> Bool {
        let once = OnceHandler<Sender, Args, Result> { _, _ in fatalError("never called") }
        let owned = OwnedHandler<Sender, Args, Result>(owner: once) { _, _, _ in fatalError("never called") }
        let handlers: [StoredHandler<Sender, Args, Result>?] = [
            .plain { _, _ in fatalError("never called") }, .action { _, _ in }, .owned(owned), .once(once), nil,
        ]
        let slots = ContiguousArray(handlers.enumerated().map { HandlerSlot(token: UInt64($0), handler: $1) })
        return slots.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: BorrowedSlot.self) { view in
                view.indices.allSatisfy { index in
                    guard view[index].token == UInt64(index) else { return false }
                    switch view[index].handler {
                    case .plain?: return index == 0
                    case .action?: return index == 1
                    case .owned(let handler)?: return index == 2 && handler === owned
                    case .once(let handler)?: return index == 3 && handler === once
                    case nil: return index == 4
                    }
                }
            }
        }
    }
}

/// A handler bound to an owner held weakly; the owner is handed back on every call.
@usableFromInline
final class OwnedHandler<Sender, Args, Result>: Sendable {
    @usableFromInline weak let owner: (any AnyObject & Sendable)?
    /// Takes the owner type-erased; the closure built in `init` casts it back.
    @usableFromInline let call: @Sendable (any AnyObject & Sendable, Sender, Args) -> Result

    @inlinable
    init<Owner: AnyObject & Sendable>(
        owner: Owner,
        handler: @escaping @Sendable (Owner, Sender, Args) -> Result
    ) {
        self.owner = owner
        call = { owner, sender, args in
            // Sound: `owner` is only ever the object stored above, which is an `Owner`.
            handler(unsafeDowncast(owner, to: Owner.self), sender, args)
        }
    }
}

/// A handler that runs at most once, whichever threads send.
@usableFromInline
final class OnceHandler<Sender, Args, Result>: Sendable {
    @usableFromInline let ran = Atomic<Bool>(false)
    @usableFromInline let call: @Sendable (Sender, Args) -> Result

    @inlinable
    init(_ call: @escaping @Sendable (Sender, Args) -> Result) {
        self.call = call
    }

    /// True for exactly one caller: the one that may run the handler.
    @inlinable
    func claim() -> Bool {
        !ran.exchange(true, ordering: .acquiringAndReleasing)
    }

    @inlinable
    var hasRun: Bool { ran.load(ordering: .acquiring) }
}
