import Observation

/// The engine behind `on.change(of:)` for `@Observable` models: one tracking loop per model and
/// key path, shared by its subscriptions, over Swift's public `withObservationTracking`.
///
/// - `withObservationTracking` reports a change once, from `willSet`, before the value is stored.
///   So the loop schedules one delivery job per subscriber isolation and reads the value when it
///   runs: on the isolation that mutates, that is after the mutating job, so it reads the new
///   value, and later mutations in that job coalesce. A main-actor job goes straight to the main
///   queue, never through Swift's global pool, whose threads may all be blocked. The first job
///   reads and re-registers in one call, before any subscriber's value is read: no later change
///   is lost.
/// - An isolation is required: a job on the global executor could read between `willSet` and the
///   store and lose the change (and race); the public API has no did-set notice to detect it.
/// - One registration per (model, key path): nothing public removes a registration before the
///   next change, so one per subscription piled up without bound on a property that never
///   changes. Cancelling only removes the subscriber; an empty loop is not re-registered.
/// - Not `Observations` (SE-0475): it starts with the current value, indistinguishable from a
///   change, never ends when the model goes, and needs macOS 26. The did-set forms of
///   `withObservationTracking` are `@_spi(SwiftUI)`. SE-0506 (public `didSet`/`deinit` events)
///   would allow synchronous delivery on the mutating thread: move to it once available.
/// - Lifetime: the pending registration in the model's registrar is the only strong reference to
///   the loop (besides a delivery in flight). The loop and the model's registry of loops hold
///   the model and loops weakly, so the model's deallocation releases the loop and handlers.
///   Subscriptions hold the loop weakly; an idle loop holds no subscriber's actor.
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
        (self.model, self.keyPath) = (model, UncheckedKeyPath(keyPath: keyPath))
    }

    /// Adds a subscriber and registers if the loop is not, on `isolation`, before the
    /// subscription is returned: every later change is seen.
    func subscribe(isolation: isolated any Actor, _ handler: @escaping Handler) -> EventSubscription {
        let token = makeSubscriptionToken()
        let register = state.withLock { state in
            state.subscribers.append(Subscriber(token: token, handler: handler, isolation: isolation))
            defer { state.registered = true }
            return !state.registered
        }
        if register, let model { _ = track(model) }
        return EventSubscription(token: token, slot: 0, source: self)
    }

    /// Adds a subscriber delivered on the main actor, from any thread. On the main actor it
    /// registers before returning, as `subscribe(isolation:_:)` does; anywhere else the
    /// registration is a main-actor job, so changes the main actor makes before that job runs
    /// are not seen (the caller had no order with them anyway).
    func subscribeOnMainActor(_ handler: @escaping Handler) -> EventSubscription {
        let token = makeSubscriptionToken()
        let onMainActor = MainActorCheck.isOnMainActor()
        let register = state.withLock { state in
            state.subscribers.append(Subscriber(token: token, handler: handler, isolation: MainActor.shared))
            // Off the main actor, leave `registered` to the job: a subscriber on the main actor
            // meanwhile registers at once rather than wait for it.
            guard onMainActor else { return false }
            defer { state.registered = true }
            return !state.registered
        }
        if onMainActor {
            if register, let model { _ = track(model) }
        } else {
            Task { @MainActor in self.registerIfIdle() }
        }
        return EventSubscription(token: token, slot: 0, source: self)
    }

    /// Registers, on the subscribers' isolation, unless a registration is pending or no one is
    /// subscribed any more.
    private func registerIfIdle() {
        let register = state.withLock { state in
            let register = !state.registered && !state.subscribers.isEmpty
            if register { state.registered = true }
            return register
        }
        if register, let model { _ = track(model) }
    }

    /// Reads the value and registers for its next change, in one step.
    private func track(_ model: Model) -> Value {
        let keyPath = keyPath.keyPath
        return withObservationTracking { model[keyPath: keyPath] } onChange: { [self] in willChange() }
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
            if isolation === MainActor.shared {
                // Straight onto the main actor: a plain `Task` starts on the global pool and
                // hops, so a pool whose threads are all busy (blocking work) held up the UI's
                // changes for as long.
                Task { @MainActor in self.deliver(on: MainActor.shared) }
            } else {
                Task { await self.deliver(on: isolation) }
            }
        }
    }

    /// Re-registers if no one has since, reads the value, and hands it to the subscribers on
    /// `isolation` that a change was announced to.
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
        guard let model else { return removeAll() }
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
        withExtendedLifetime(removed) {}  // released after the lock
    }

    // MARK: SubscriptionSource

    func remove(token: UInt64, slot: Int) -> Bool { remove(token) }

    func isActive(token: UInt64, slot: Int) -> Bool { model != nil && isSubscribed(token) }
}

/// The `@Observable` change loops of one model, by key path, held weakly: subscriptions to the
/// same key path find and share the loop that is registered already.
final class ObservationLoops: Sendable {
    /// Hashes and compares key paths with no lock held (`KeyPathTable`).
    private let loops = KeyPathTable<WeakLoop>()

    /// The loop of `keyPath` on `model`, made if none is alive. A loop loaded to see whether it is
    /// alive may be a dying loop's last reference, whose deinit releases user handlers: the table
    /// loads it with no lock held.
    func loop<Model: AnyObject & Sendable, Value: Sendable>(
        of model: Model,
        _ keyPath: KeyPath<Model, Value>
    ) -> ObservationLoop<Model, Value> {
        // A key path's type fixes `Model` and `Value`, so a live loop under it has this type.
        loops.value(for: keyPath, reuse: { $0.loop as? ObservationLoop<Model, Value> }, make: {
            let made = ObservationLoop(model: model, keyPath: keyPath)
            return (WeakLoop(made), made)
        }, isGone: { $0.loop == nil })
    }

    static let key = AssociationKey<ObservationLoops>("Observable.loops", default: ObservationLoops())
}

/// A weak reference to a loop of any type.
final class WeakLoop: Sendable {
    weak let loop: (any SubscriptionSource)?

    init(_ loop: any SubscriptionSource) { self.loop = loop }
}

/// A key path held by a `Sendable` loop.
struct UncheckedKeyPath<Root, Value>: @unchecked Sendable {
    // @unchecked is sound: a key path is immutable, and the loop applies it only on a subscriber's
    // isolation, where it was formed (a key path to a main-actor property, on the main actor).
    let keyPath: KeyPath<Root, Value>
}
