/// What a `HandlerStore` changes under its lock: the counts, and what it removed that a send on
/// another thread may still be reading (freed by `HandlerStore.collect(_:)` once no hazard slot
/// can reach it).
///
/// Frozen (as every internal type that inlinable code builds is), so that the module also builds
/// with library evolution; without it the attribute changes nothing.
@usableFromInline @frozen
struct HandlerStoreState<Sender, Args, Result> {
    // The order packs the fields into 7 words (an empty event is made by the thousand): the
    // 32-bit count and the two flags share one.

    /// Handlers registered and not removed.
    @usableFromInline var live = 0
    /// How many of them are owner-bound or one-shot, which can finish on their own (32 bits:
    /// 2 billion handlers would take hundreds of gigabytes first).
    @usableFromInline var finishable: Int32 = 0
    /// The source has ended for good (see `HandlerStore.finish()`): nothing is added any more.
    @usableFromInline var isFinished = false
    /// Whether the deferred reclaimer will call back (`DeferredReclaimer`): set when a collect
    /// left something pinned, cleared when it calls.
    @usableFromInline var awaitsReclaimer = false
    /// Lists replaced (grown, compacted, emptied) while a send may still read them: addresses.
    @usableFromInline var retiredLists: [UInt] = []
    /// Removed handlers a send may still be calling; the store's copy of each moved here.
    @usableFromInline var retiredHandlers: [RetiredHandler<Sender, Args, Result>] = []
    /// An empty list no send can reach, kept for the next subscribe (0 if none): a subscribe and
    /// cancel of a lone handler then allocate no list.
    @usableFromInline var spare: UInt = 0
    /// Lists that `retireAll` took out of every send's reach, whole: the lists and the handlers
    /// of their live slots go after unlocking. Optional, as `HandlerGarbage`'s arrays are.
    @usableFromInline var droppedLists: [UInt]?
    /// The handle this store's subscriptions share (`SubscriptionHandle`), made at the first
    /// subscribe: an event that never had a handler has none.
    @usableFromInline var handle: SubscriptionHandle?

    @inlinable init() {}

    /// Whether something waits for sends to leave.
    @inlinable var hasRetired: Bool { !retiredLists.isEmpty || !retiredHandlers.isEmpty }
}

/// A removed handler that a send may still reach: the store's copy of it (its bits stay in the
/// lists a send may read), the version that added it (its token) and the version that removed it
/// (0 until the removal's collect stamps it). A send that read version `v` can reach it only if
/// `added <= v < removed` (see `HandlerStore.collect(_:)`).
@usableFromInline @frozen
struct RetiredHandler<Sender, Args, Result> {
    @usableFromInline let handler: StoredHandler<Sender, Args, Result>
    @usableFromInline let added: UInt64
    @usableFromInline var removed: UInt64

    @inlinable
    init(_ handler: StoredHandler<Sender, Args, Result>, added: UInt64) { (self.handler, self.added, removed) = (handler, added, 0) }
}

/// What a store frees after unlocking: lists (plain memory) and handlers (whose closures'
/// deinits may run user code, so never under the lock).
///
/// Its arrays are optional: nil costs nothing to make or drop, where even an empty array is
/// retained and released; a cancel usually frees one handler and no list.
/// Frozen, as `HandlerStoreState` is.
@usableFromInline @frozen
struct HandlerGarbage<Sender, Args, Result>: Sendable {
    @usableFromInline var lists: [UInt]?
    /// Lists no send can reach whose live handlers go too (the store's copy of each).
    @usableFromInline var droppedLists: [UInt]?
    /// The one handler a cancel usually frees, kept out of `handlers` so that no array is allocated.
    @usableFromInline var handler: StoredHandler<Sender, Args, Result>?
    @usableFromInline var handlers: [StoredHandler<Sender, Args, Result>]?
    /// Something stayed pinned and the store must ask `DeferredReclaimer` to call back.
    @usableFromInline var needsReclaimer = false

    @inlinable init(droppedLists: [UInt]? = nil) { self.droppedLists = droppedLists }

    /// Adds a handler to free.
    @inlinable
    mutating func append(_ retired: StoredHandler<Sender, Args, Result>) {
        if handler == nil {
            handler = retired
        } else if handlers?.append(retired) == nil {
            handlers = [retired]
        }
    }

    /// Adds a list to free.
    @inlinable
    mutating func append(list address: UInt) {
        if lists?.append(address) == nil { lists = [address] }
    }

    /// Frees the lists (and the handlers of dropped ones); the other handlers go when this value
    /// does (after the caller unlocked).
    @inlinable
    func freeLists() {
        if let lists {
            for address in lists { HandlerList<Sender, Args, Result>(address: address).free() }
        }
        if let droppedLists {
            for address in droppedLists {
                let list = HandlerList<Sender, Args, Result>(address: address)
                list.destroyLiveHandlers()
                list.free()
            }
        }
    }
}
