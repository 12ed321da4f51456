import Dispatch

/// A store whose retired handlers a send still pinned when it last wrote.
protocol DeferredReclaimable: AnyObject, Sendable {
    /// Frees what no send reaches any more; registers again if something stays pinned.
    func reclaimDeferred()
}

/// Frees, shortly after, what sends pinned when a shared store was written: a send never locks
/// or scans to free garbage, so a cancelled handler whose event no one writes again would
/// otherwise wait for the next write.
///
/// A store registers (weakly) when a collect left something pinned; every `interval` while
/// anything is registered, the reclaimer asks each store to collect again, on a utility-QoS
/// Dispatch thread. Sends that began after a cancel never pin its handler, so under continuous
/// sends on other threads a cancelled handler is released within about one interval after the
/// sends that were running when it was cancelled return. Local stores never register: their
/// handlers' captures are released on their own thread (`HandlerStore.reclaimsOnSendExit`).
enum DeferredReclaimer {
    /// How long after a pinned write the reclaimer looks again.
    static let interval = DispatchTimeInterval.milliseconds(10)

    private struct Registration {
        weak var store: (any DeferredReclaimable)?
    }

    private struct Queue {
        var stores: [Registration] = []
        var scheduled = false
    }

    private static let queue = Locked(Queue())

    /// Asks for a call to `store.reclaimDeferred()` within about `interval`.
    static func register(_ store: any DeferredReclaimable) {
        let schedule = queue.withLock { queue in
            queue.stores.append(Registration(store: store))
            defer { queue.scheduled = true }
            return !queue.scheduled
        }
        if schedule { scheduleTick() }
    }

    private static func scheduleTick() {
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + interval) { tick() }
    }

    /// Calls back every registered store, after unlocking (a store's collect frees handlers,
    /// whose deinits may run user code, and the strong references loaded here are released
    /// here, outside every lock). Stores still pinned register again.
    private static func tick() {
        let stores = queue.withLock { queue in
            defer { (queue.stores, queue.scheduled) = ([], false) }
            return queue.stores
        }
        for registration in stores { registration.store?.reclaimDeferred() }
    }
}
