import Dispatch
import Observation
import OnKit

/// An `@Observable` model for the observation workloads.
@Observable
package final class Gauge: OnCompatible, @unchecked Sendable {
    // @unchecked is sound here: one benchmark thread writes `value` and then waits until the
    // delivery (which the write's observation scheduled, so it happens after) has read it.
    package var value = 0

    package init() {}
}

/// One change of an `@Observable` property, delivered with its new value, waited for.
///
/// `withObservationTracking`'s `onChange` fires once, at willSet, before the value is stored; to
/// hand the new value on, a re-registration loop must hop (here, to a task) and read it then —
/// which is what `model.on.change(of:)` does. Each round: set, wait for the delivery.
package enum ObservationWorkloads {
    /// `gauge.on.change(of: \.value) { gauge, value in … }`, subscribed on an actor of its own
    /// (delivered there; nonisolated subscribers do not compile, since they could lose changes).
    package static func onKit() -> Workload {
        Workload("model.on.change(of:)") {
            let gauge = Gauge()
            let sink = Sink()
            let delivered = DispatchSemaphore(value: 0)
            let subscription = DeliveryActor.subscribeBlocking(gauge) { value in
                sink.add(value)
                delivered.signal()
            }
            return { rounds in
                for _ in 0..<rounds {
                    gauge.value += 1
                    delivered.wait()
                }
                blackHole(sink.total)
                withExtendedLifetime(subscription) {}  // the body runs many times: no teardown
            }
        }
    }

    /// The same loop by hand: `withObservationTracking`, re-registered in a task that reads the
    /// new value.
    package static func rawWithHop() -> Workload {
        Workload("withObservationTracking loop, new value") {
            let tracker = RawTracker(readsNewValue: true)
            return { rounds in tracker.run(rounds) }
        }
    }

    /// Re-registering synchronously inside `onChange`: cheaper, but it reads the *old* value
    /// (willSet), so it is not equivalent; shown for information.
    package static func rawSynchronous() -> Workload {
        Workload("withObservationTracking loop, old value (sync)") {
            let tracker = RawTracker(readsNewValue: false)
            return { rounds in tracker.run(rounds) }
        }
    }
}

/// A hand-written observation loop over `withObservationTracking`.
private final class RawTracker: Sendable {
    let gauge = Gauge()
    let sink = Sink()
    let delivered = DispatchSemaphore(value: 0)
    let readsNewValue: Bool

    init(readsNewValue: Bool) {
        self.readsNewValue = readsNewValue
        track()
    }

    func track() {
        withObservationTracking {
            _ = gauge.value
        } onChange: { [self] in
            if readsNewValue {
                Task {
                    let value = gauge.value
                    track()
                    sink.add(value)
                    delivered.signal()
                }
            } else {
                sink.add(gauge.value)  // still the old value here
                track()
                delivered.signal()
            }
        }
    }

    func run(_ rounds: Int) {
        for _ in 0..<rounds {
            gauge.value += 1
            delivered.wait()
        }
        blackHole(sink.total)
    }
}

/// The actor `ObservationWorkloads.onKit` subscribes on.
actor DeliveryActor {
    func subscribe(_ gauge: Gauge, _ handler: @escaping @Sendable (Int) -> Void) -> EventSubscription {
        gauge.on.change(of: \.value) { _, value in handler(value) }
    }

    /// Subscribes on a new actor from synchronous setup code, waiting for it.
    static func subscribeBlocking(_ gauge: Gauge, _ handler: @escaping @Sendable (Int) -> Void) -> EventSubscription {
        let done = DispatchSemaphore(value: 0)
        let result = SubscriptionBox()
        Task {
            result.set(await DeliveryActor().subscribe(gauge, handler))
            done.signal()
        }
        done.wait()
        return result.get()
    }
}

/// Hands a subscription from the setup task to the waiting thread (ordered by the semaphore).
final class SubscriptionBox: @unchecked Sendable {
    // @unchecked is sound: written once before the semaphore is signalled, read after it is waited.
    private var subscription: EventSubscription?
    func set(_ value: EventSubscription) { subscription = value }
    func get() -> EventSubscription { subscription! }  // set before the signal that precedes this call
}
