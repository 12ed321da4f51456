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
