/// What a `HandlerStore` changes under its lock: the counts, and what it removed that a send on
/// another thread may still be reading (freed by `HandlerStore.collect(_:)` once no hazard slot
/// names one of the store's lists).
///
/// Frozen (as every internal type that inlinable code builds is), so that the module also builds
/// with library evolution; without it the attribute changes nothing.
@usableFromInline @frozen
struct HandlerStoreState<Sender, Args, Result> {
    @usableFromInline typealias Box = HandlerBox<Sender, Args, Result>

    /// Handlers registered and not removed.
    @usableFromInline var live = 0
    /// How many of them are owner-bound or one-shot, which can finish on their own.
    @usableFromInline var finishable = 0
    /// The source has ended for good (see `HandlerStore.finish()`): nothing is added any more.
    @usableFromInline var isFinished = false
    /// Lists replaced (grown, compacted, emptied) while a send may still read them: addresses.
    @usableFromInline var retiredLists: [UInt] = []
    /// Removed handlers a send may still be calling; the store's retain of each moved here.
    @usableFromInline var retiredBoxes: [Box] = []

    @inlinable init() {}

    /// Whether something waits for sends to leave (the published pending flag).
    @inlinable var hasRetired: Bool { !retiredLists.isEmpty || !retiredBoxes.isEmpty }
}

/// What a store frees after unlocking: lists (plain memory) and boxes (whose closures' deinits
/// may run user code, so never under the lock).
/// Frozen, as `HandlerStoreState` is.
@usableFromInline @frozen
struct HandlerGarbage<Sender, Args, Result>: Sendable {
    @usableFromInline var lists: [UInt] = []
    @usableFromInline var boxes: [HandlerBox<Sender, Args, Result>] = []

    @inlinable init() {}

    /// Frees the lists; the boxes go when this value does.
    @inlinable
    func freeLists() {
        for address in lists { HandlerList(address: address).free() }
    }
}
