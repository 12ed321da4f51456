import Foundation
import OnKit
import OpenCombine

/// Sending one value to `handlers` handlers, in OnKit and in each peer. Every handler adds the
/// value to a `Sink`; in OnKit and the closure array they are the very same closure values.
package enum SendWorkloads {
    /// `Event.send` to `handlers` plain handlers.
    package static func onKit(handlers: Int) -> Workload {
        sends("OnKit send, \(handlers) plain", handlers: handlers) { event, sink in
            event.subscribe(makeHandler(sink))
        }
    }

    /// `Event.send` to `handlers` plain handlers registered in the `{ value in }` shape, which
    /// the surface wraps into the `(sender, arguments)` form it stores.
    package static func onKitValueShape(handlers: Int) -> Workload {
        sends("OnKit send, \(handlers) plain, { value in }", handlers: handlers) { event, sink in
            event.subscribe { (value: Int) in sink.add(value) }
        }
    }

    /// `Event.send` to `handlers` plain handlers written as closure literals at the `subscribe`
    /// call, as apps write them. Swift emits a literal in the generic form the event stores; a
    /// closure *value* (`onKit(handlers:)`, which shares its closures with the array peer) is
    /// wrapped in a reabstraction thunk when stored, and each call goes through it.
    package static func onKitLiterals(handlers: Int) -> Workload {
        sends("OnKit send, \(handlers) plain, closure literals", handlers: handlers) { event, sink in
            event.subscribe { _, value in sink.add(value) }
        }
    }

    /// `Event.send` to `handlers` handlers bound to a live owner with `subscribe(owner:)`.
    package static func onKitOwned(handlers: Int) -> Workload {
        sends("OnKit send, \(handlers) owner-bound", handlers: handlers) { event, sink in
            event.subscribe(owner: sink) { sink, _, value in sink.add(value) }
        }
    }

    /// One `Event.send` per round to `handlers` handlers, each registered by `register` (outside
    /// the timing): the OnKit send workloads differ only in how they register.
    private static func sends(
        _ name: String, handlers: Int,
        register: @escaping @Sendable (Event<Emitter, Int>, Sink) -> EventSubscription
    ) -> Workload {
        Workload(name, unitsPerRound: handlers) {
            let sink = Sink()
            let emitter = Emitter()
            let event = Event<Emitter, Int>()
            for _ in 0..<handlers { _ = register(event, sink) }
            return { rounds in
                for round in 0..<rounds { event.send(emitter, round) }
                blackHole(sink.total)
            }
        }
    }

    /// A plain `[(Sender, Args) -> Void]` loop over the same closures OnKit would hold.
    package static func closureArray(handlers: Int) -> Workload {
        Workload("[closure] loop, \(handlers)", unitsPerRound: handlers) {
            let sink = Sink()
            let emitter = Emitter()
            let array: [Handler] = (0..<handlers).map { _ in makeHandler(sink) }
            return { rounds in
                for round in 0..<rounds {
                    for handler in array { handler(emitter, round) }
                }
                blackHole(sink.total)
            }
        }
    }

    /// The closure array called through its buffer, indexing instead of iterating: the compiler
    /// then calls each closure without retaining it (no ARC per handler). The floor for a loop.
    package static func closureBuffer(handlers: Int) -> Workload {
        Workload("[closure] buffer loop, \(handlers)", unitsPerRound: handlers) {
            let sink = Sink()
            let emitter = Emitter()
            let array: [Handler] = (0..<handlers).map { _ in makeHandler(sink) }
            return { rounds in
                array.withUnsafeBufferPointer { buffer in
                    for round in 0..<rounds {
                        for index in buffer.indices { buffer[index](emitter, round) }
                    }
                }
                blackHole(sink.total)
            }
        }
    }

    /// One closure held in a local constant and called directly: the floor of any call.
    package static func singleClosure() -> Workload {
        Workload("local closure call", unitsPerRound: 1) {
            let sink = Sink()
            let emitter = Emitter()
            let handler = makeHandler(sink)
            return { rounds in
                for round in 0..<rounds { handler(emitter, round) }
                blackHole(sink.total)
            }
        }
    }

    /// A single-callback property (`var onEvent: Handler?` on a class, called as
    /// `onEvent?(sender, value)`): the plain closure call that an event with one handler replaces.
    package static func callbackProperty() -> Workload {
        final class Owner: @unchecked Sendable {
            // @unchecked is sound here: only the benchmark thread reads or writes `onEvent`.
            var onEvent: Handler?
        }
        return Workload("callback property call", unitsPerRound: 1) {
            let sink = Sink()
            let emitter = Emitter()
            let owner = Owner()
            owner.onEvent = makeHandler(sink)
            return { rounds in
                for round in 0..<rounds { owner.onEvent?(emitter, round) }
                blackHole(sink.total)
            }
        }
    }

    /// OpenCombine's `PassthroughSubject.send` with `handlers` `sink` subscribers.
    package static func openCombine(handlers: Int) -> Workload {
        Workload("OpenCombine PassthroughSubject, \(handlers) sinks", unitsPerRound: handlers) {
            let sink = Sink()
            let subject = PassthroughSubject<Int, Never>()
            let cancellables = (0..<handlers).map { _ in
                subject.sink { value in sink.add(value) }
            }
            return { rounds in
                for round in 0..<rounds { subject.send(round) }
                blackHole(sink.total)
                withExtendedLifetime(cancellables) {}
            }
        }
    }

    /// Foundation's `NotificationCenter.post` with `handlers` block observers
    /// (`addObserver(forName:object:queue: nil, using:)`), on a private center.
    package static func notificationCenter(handlers: Int) -> Workload {
        Workload("NotificationCenter post, \(handlers) observers", unitsPerRound: handlers) {
            let sink = Sink()
            let emitter = Emitter()
            let center = NotificationCenter()
            let name = Notification.Name("OnKitBenchmarks.send")
            let observers = (0..<handlers).map { _ in
                center.addObserver(forName: name, object: nil, queue: nil) { _ in sink.add(1) }
            }
            return { rounds in
                for _ in 0..<rounds { center.post(name: name, object: emitter) }
                blackHole(sink.total)
                // Kept (not removed): the body runs many times; the private center dies with it.
                withExtendedLifetime(observers) {}
            }
        }
    }
}

extension SendWorkloads {
    /// What an owner-bound handler replaces: `[(weak owner, closure)]`, each call loading the
    /// owner and skipping the closure once it is gone.
    package static func weakOwnerLoop(handlers: Int) -> Workload {
        struct Entry: Sendable {
            weak var owner: Sink?
            let call: @Sendable (Sink, Emitter, Int) -> Void
        }
        return Workload("[weak owner] closure loop, \(handlers)", unitsPerRound: handlers) {
            let sink = Sink()
            let emitter = Emitter()
            let entries: [Entry] = (0..<handlers).map { _ in
                Entry(owner: sink) { sink, _, value in sink.add(value) }
            }
            return { rounds in
                for round in 0..<rounds {
                    for entry in entries {
                        if let owner = entry.owner { entry.call(owner, emitter, round) }
                    }
                }
                blackHole(sink.total)
            }
        }
    }
}
