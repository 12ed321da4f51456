import Observation

/// The engine behind `on.change(of:)` for `@Observable` models: one tracking loop per model and
/// key path, shared by all its subscriptions, over Swift's public `withObservationTracking`.
///
/// Why this shape. `withObservationTracking` reports a change once, from the property's
/// `willSet`, on the mutating thread, before the new value is stored. So the loop never reads
/// the value there: it schedules one delivery job per subscriber isolation and reads the value
/// when that runs. When the model is mutated on that isolation (its actor, its main actor), the
/// job can only start after the job that mutated has finished, so it reads the new value; every
/// further mutation in that job is folded into the same delivery (a burst coalesces to its
/// latest value). The first job to run reads and re-registers in one `withObservationTracking`
/// call, before any subscriber's value is read, so any mutation that starts after a read
/// schedules the next delivery: none is lost.
///
/// Why an isolation is required (`isolated (any Actor)`, not optional). The guarantee rests on
/// the delivery job being serialized with the mutation. From nonisolated code the job would run
/// on the global concurrent executor, concurrently with a mutation made on another thread: it
/// could read between `willSet` and the store, get the old value, and re-register too late for
/// the new one — a change silently lost (and a data race on the property). Swift's public API
/// has no did-set notice to detect that window, so OnKit refuses the combination at compile
/// time instead: nonisolated code must name the actor that makes the changes.
///
/// Why one registration per (model, key path). A `withObservationTracking` registration lives
/// in the model's `ObservationRegistrar` until the property's next change (or the model's
/// deinit); nothing public removes it. With one registration per subscription, subscribing and
/// cancelling on a property that never changes piled registrations up without bound. Here a
/// subscription joins the loop of its (model, key path), registers only if the loop is not
/// registered already, and cancelling only removes the subscriber: cycles reuse the one
/// registration. A loop with no subscribers left is not re-registered at its next change and
/// goes then (or with the model).
///
/// Why not the alternatives this toolchain (Swift 6.3) has:
/// - `Observations` (SE-0475) reads the value the same way (after a hop to the isolation of its
///   closure, on a `willSet`), so it gives the same guarantees, but it is an `AsyncSequence`
///   that starts with the current value: a loop skipping that first element cannot tell it from
///   a change made before the loop started, and its task never ends when the model goes (the
///   6.3 version has no deinit notice). It also needs macOS 26 / iOS 26; this needs macOS 14.
/// - The did-set forms of `withObservationTracking` (and `ObservationTracking`) are
///   `@_spi(SwiftUI)`: present in the Linux toolchain's private interface, absent from the
///   public interface Apple's SDKs ship, and not a stable API. SE-0506 (advanced observation
///   tracking: `didSet` and `deinit` events, public) is what to move to once the toolchain has
///   it: it would allow delivering synchronously, on the mutating thread, from any thread.
///
/// Deliveries of one subscription never overlap: they all run on its isolation, an actor, and
/// the handler is synchronous.
///
/// Lifetime. The pending registration, which the model's `ObservationRegistrar` holds, is the
/// only strong reference to the loop besides a delivery in flight; the loop holds the model
/// weakly, and the model's registry of loops holds loops weakly. When the model is deallocated
/// the registrar releases its registration, hence the loop, the handlers and what they
/// captured. Subscriptions hold the loop weakly (it is their source). An idle loop holds no
/// subscriber's actor.
final class ObservationLoop<Model: AnyObject & Sendable, Value: Sendable>: SubscriptionSource {
    /// Gets the model and the new value; returns false to end the subscription (owner gone).
    typealias Handler = @Sendable (Model, Value) -> Bool

    private struct Subscriber {
        let token: UInt64
        let handler: Handler
        /// Where its deliveries run.
        let isolation: any Actor
        /// A change was announced since its last delivery (never one before it subscribed).
        var pending = false
    }

    private struct State {
        var subscribers: [Subscriber] = []
        /// A registration is pending in the model's registrar.
        var registered = false
        /// The isolations a delivery job is on its way to (each job holds its actor).
        var scheduled: Set<ObjectIdentifier> = []
    }

    private weak let model: Model?
    private let keyPath: UncheckedKeyPath<Model, Value>
    private let state = Locked(State())

    init(model: Model, keyPath: KeyPath<Model, Value>) {
        self.model = model
        self.keyPath = UncheckedKeyPath(keyPath)
    }

    /// Adds a subscriber and registers if the loop is not registered; call on `isolation`,
    /// before returning the subscription, so that every change after subscribing is seen.
    func subscribe(isolation: isolated any Actor, _ handler: @escaping Handler) -> EventSubscription {
        let token = makeSubscriptionToken()
        let register = state.withLock { state in
            state.subscribers.append(Subscriber(token: token, handler: handler, isolation: isolation))
            guard !state.registered else { return false }
            state.registered = true
            return true
        }
        if register, let model { _ = track(model) }
        return EventSubscription(token: token, slot: 0, source: self)
    }

    /// Reads the value and registers for its next change, in one step.
    private func track(_ model: Model) -> Value {
        let keyPath = keyPath.keyPath
        return withObservationTracking {
            model[keyPath: keyPath]
        } onChange: { [self] in
            willChange()
        }
    }

    /// Called from the property's `willSet`, on the mutating thread: schedules deliveries.
    private func willChange() {
        let isolations = state.withLock { state -> [any Actor] in
            state.registered = false
            var isolations: [any Actor] = []
            for index in state.subscribers.indices {
                state.subscribers[index].pending = true
                let isolation = state.subscribers[index].isolation
                if state.scheduled.insert(ObjectIdentifier(isolation)).inserted {
                    isolations.append(isolation)
                }
            }
            return isolations
        }
        for isolation in isolations {
            Task { await self.deliver(on: isolation) }
        }
    }

    /// Re-registers if no one has since, reads the current value, and hands it to the
    /// subscribers on `isolation` that a change was announced to.
    private func deliver(on isolation: isolated any Actor) {
        let (due, register) = state.withLock { state -> ([Subscriber], Bool) in
            state.scheduled.remove(ObjectIdentifier(isolation))
            var due: [Subscriber] = []
            for index in state.subscribers.indices
            where state.subscribers[index].pending && state.subscribers[index].isolation === isolation {
                state.subscribers[index].pending = false
                due.append(state.subscribers[index])
            }
            let register = !state.registered && !state.subscribers.isEmpty
            if register { state.registered = true }
            return (due, register)
        }
        guard let model else {
            removeAll()
            return
        }
        guard register || !due.isEmpty else { return }
        let value = register ? track(model) : model[keyPath: keyPath.keyPath]
        for subscriber in due where isSubscribed(subscriber.token) {
            if !subscriber.handler(model, value) { remove(subscriber.token) }
        }
    }

    private func isSubscribed(_ token: UInt64) -> Bool {
        state.withLock { state in state.subscribers.contains { $0.token == token } }
    }

    /// Removes one subscriber; true if this call removed it.
    @discardableResult
    private func remove(_ token: UInt64) -> Bool {
        let removed = state.withLock { state -> Subscriber? in
            guard let index = state.subscribers.firstIndex(where: { $0.token == token }) else { return nil }
            return state.subscribers.remove(at: index)
        }
        return removed != nil  // its handler is released here, after the lock
    }

    private func removeAll() {
        let removed = state.withLock { state in
            defer { state.subscribers = [] }
            return state.subscribers
        }
        _ = removed  // released after the lock
    }

    // MARK: SubscriptionSource

    func remove(token: UInt64, slot: Int) -> Bool {
        remove(token)
    }

    func isActive(token: UInt64, slot: Int) -> Bool {
        model != nil && isSubscribed(token)
    }
}

/// The `@Observable` change loops of one model, by key path, held weakly: subscriptions to the
/// same key path find and share the loop that is registered already.
final class ObservationLoops: Sendable {
    private let loops = Locked<[KeyPathKey: WeakLoop]>([:])

    /// The loop of `keyPath` on `model`, made if none is alive.
    func loop<Model: AnyObject & Sendable, Value: Sendable>(
        of model: Model,
        _ keyPath: KeyPath<Model, Value>
    ) -> ObservationLoop<Model, Value> {
        let key = KeyPathKey(keyPath)
        return loops.withLock { loops in
            // A key path's type fixes `Model` and `Value`, so a live loop under it has this type.
            if let existing = loops[key]?.loop as? ObservationLoop<Model, Value> { return existing }
            loops = loops.filter { $0.value.loop != nil }  // drop loops that are gone
            let made = ObservationLoop(model: model, keyPath: keyPath)
            loops[key] = WeakLoop(made)
            return made
        }
    }

    static let key = AssociationKey<ObservationLoops>("Observable.loops", default: ObservationLoops())
}

/// A weak reference to a loop of any type.
final class WeakLoop: Sendable {
    weak let loop: (any SubscriptionSource)?

    init(_ loop: any SubscriptionSource) {
        self.loop = loop
    }
}

/// A key path held by a `Sendable` loop.
struct UncheckedKeyPath<Root, Value>: @unchecked Sendable {
    // @unchecked is sound: a key path object is immutable once made, and the loop applies it
    // only on a subscriber's isolation, where the caller that formed it subscribed (so a key
    // path to a main-actor property is applied on the main actor).
    let keyPath: KeyPath<Root, Value>

    init(_ keyPath: KeyPath<Root, Value>) {
        self.keyPath = keyPath
    }
}
