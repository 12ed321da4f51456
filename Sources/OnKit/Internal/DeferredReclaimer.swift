import Foundation

/// A store whose retired handlers a send still pinned when it last wrote.
protocol DeferredReclaimable: AnyObject, Sendable {
    /// Frees what no send reaches any more; registers again if something stays pinned. Returns
    /// false, having done nothing, if the store's lock was held: it is asked again next time.
    func reclaimDeferred() -> Bool
}

/// Frees, shortly after, what sends pinned when a shared store was written: a send never locks
/// or scans to free garbage, so a cancelled handler whose event no one writes again would
/// otherwise wait for the next write.
///
/// A store registers (weakly) when a collect left something pinned; every `interval` while
/// anything is registered, the reclaimer asks each store to collect again. Sends that began
/// after a cancel never pin its handler, so under continuous sends on other threads a cancelled
/// handler is released within about one interval after the sends that were running when it was
/// cancelled return. Local stores never register: their handlers' captures are released on
/// their own thread (`HandlerStore.reclaimsOnSendExit`).
///
/// It runs on a thread of its own, started the first time anything registers and asleep while
/// nothing is: on a Dispatch queue, the bound would hold only while the pool had a free thread
/// (every one of them can be blocked, by an app or by a test run). It never waits for a store's
/// lock: a store whose lock is held is asked again at the next pass, so one busy store never
/// delays the others.
enum DeferredReclaimer {
    /// How long after a pinned write the reclaimer looks again.
    static let interval: TimeInterval = 0.01

    private struct Registration {
        weak var store: (any DeferredReclaimable)?
    }

    private struct Queue {
        var stores: [Registration] = []
        var threadStarted = false
    }

    private static let queue = Locked(Queue())

    /// Signalled when the first store registers: wakes the thread.
    private static let registered = DispatchSemaphore(value: 0)

    /// Asks for a call to `store.reclaimDeferred()` within about `interval`.
    static func register(_ store: any DeferredReclaimable) {
        let (wake, start) = queue.withLock { queue in
            defer {
                queue.stores.append(Registration(store: store))
                queue.threadStarted = true
            }
            return (queue.stores.isEmpty, !queue.threadStarted)
        }
        if start {
            let thread = Thread { run() }
            thread.name = "OnKit deferred reclaimer"
            thread.start()
        }
        if wake { registered.signal() }
    }

    /// The thread: sleeps until something registers, then calls back every `interval` while
    /// anything is registered.
    private static func run() {
        while true {
            registered.wait()
            repeat {
                Thread.sleep(forTimeInterval: interval)
                tick()
            } while queue.withLock({ !$0.stores.isEmpty })
        }
    }

    /// Calls back every registered store, after unlocking (a store's collect frees handlers,
    /// whose deinits may run user code, and the strong references loaded here are released
    /// here, outside every lock). Stores still pinned register again.
    private static func tick() {
        let stores = queue.withLock { queue in
            defer { queue.stores = [] }
            return queue.stores
        }
        for registration in stores {
            if let store = registration.store, !store.reclaimDeferred() { register(store) }
        }
    }
}
