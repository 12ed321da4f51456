import OnKit

/// Subscribing one handler and cancelling it again, in OnKit and with a dictionary.
package enum SubscribeWorkloads {
    /// `subscribe` then `cancel()` of one plain handler, with `others` handlers already there.
    package static func onKit(others: Int) -> Workload {
        Workload("OnKit subscribe + cancel, \(others) others") {
            let sink = Sink()
            let event = Event<Emitter, Int>()
            for _ in 0..<others { event.subscribe(makeHandler(sink)) }
            // One closure value, made once: the benchmark measures registration, not closure
            // allocation (the dictionary peer gets the same).
            let handler = makeHandler(sink)
            return { rounds in
                for _ in 0..<rounds { event.subscribe(handler).cancel() }
                blackHole(event)
            }
        }
    }

    /// A `[UInt64: closure]` insert of a fresh key, then its removal: the textbook token registry.
    package static func dictionary(others: Int) -> Workload {
        Workload("Dictionary insert + remove, \(others) others") {
            let sink = Sink()
            var registry: [UInt64: Handler] = [:]
            var nextKey: UInt64 = 0
            for _ in 0..<others {
                nextKey &+= 1
                registry[nextKey] = makeHandler(sink)
            }
            let handler = makeHandler(sink)
            return { rounds in
                for _ in 0..<rounds {
                    nextKey &+= 1
                    registry[nextKey] = handler
                    registry.removeValue(forKey: nextKey)
                }
                blackHole(registry.count)
            }
        }
    }
}

/// Registering a freshly made handler and keeping it: what building up K subscriptions costs.
/// In ordo-one's table, "Malloc (total)" per round is the allocations one registration makes.
package enum RegisterWorkloads {
    /// `subscribe` of a new closure (capturing one class reference), kept registered.
    package static func onKit() -> Workload {
        Workload("OnKit subscribe new handler (kept)") {
            let sink = Sink()
            var event = Event<Emitter, Int>()
            return { rounds in
                // A fresh event per sample, so that the handler count stays bounded.
                event = Event<Emitter, Int>()
                for _ in 0..<rounds { event.subscribe(makeHandler(sink)) }
                blackHole(event)
            }
        }
    }

    /// `append` of a new closure to an array.
    package static func closureArray() -> Workload {
        Workload("[closure] append new handler") {
            let sink = Sink()
            var array: [Handler] = []
            return { rounds in
                array = []
                for _ in 0..<rounds { array.append(makeHandler(sink)) }
                blackHole(array)
            }
        }
    }
}
