import Observation

/// The engine behind `on.change(of:)` for `@Observable` models: one subscription's
/// tracking loop over Swift's public `withObservationTracking`.
///
/// Why this shape. `withObservationTracking` reports a change once, from the property's
/// `willSet`, on the mutating thread, before the new value is stored. So the loop never reads
/// the value there: it schedules one delivery on `isolation` and reads the value when that
/// runs. When the model is mutated on `isolation` (its actor, its main actor), the delivery job
/// can only start after the job that mutated has finished, so it reads the new value; every
/// further mutation in that job is folded into the same delivery (a burst coalesces to its
/// latest value). The read and the re-registration are one `withObservationTracking` call, so
/// any mutation that starts after the read schedules the next delivery: none is lost.
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
/// Deliveries of one subscription never overlap: a change announced while the handler runs
/// marks the loop dirty, and the loop reads and delivers again when the handler returns.
///
/// Lifetime. The pending tracking, which the model's `ObservationRegistrar` holds, is the only
/// strong reference to the loop besides a delivery in flight; the loop holds the model weakly.
/// When the model is deallocated the registrar releases its tracking, hence the loop, the
/// handler and what it captured. Subscriptions hold the loop weakly (it is their source).
final class ObservationLoop<Model: AnyObject & Sendable, Value: Sendable>: SubscriptionSource {
    /// Gets the model and the new value; returns false to end the subscription (owner gone).
    typealias Handler = @Sendable (Model, Value) -> Bool

    private enum Phase {
        /// Tracking installed, nothing to deliver.
        case idle
        /// A delivery task is on its way.
        case scheduled
        /// The handler is running.
        case delivering
        /// The handler is running and another change was announced: deliver again after it.
        case dirty
    }

    private struct State {
        /// `nil` once cancelled: released at once, with what it captured.
        var handler: Handler?
        var phase = Phase.idle
    }

    private weak let model: Model?
    private let keyPath: UncheckedKeyPath<Model, Value>
    /// Where deliveries run: the isolation the subscriber had, or the global executor if none.
    let isolation: (any Actor)?
    private let state: Locked<State>
    let token = makeSubscriptionToken()

    init(model: Model, keyPath: KeyPath<Model, Value>, isolation: (any Actor)?, handler: @escaping Handler) {
        self.model = model
        self.keyPath = UncheckedKeyPath(keyPath)
        self.isolation = isolation
        state = Locked(State(handler: handler))
    }

    /// Installs the first tracking; call on `isolation`, before returning the subscription, so
    /// that every change after subscribing is seen.
    func start() {
        guard let model else { return }
        _ = track(model)
    }

    /// Reads the value and re-registers for its next change, in one step.
    private func track(_ model: Model) -> Value {
        let keyPath = keyPath.keyPath
        return withObservationTracking {
            model[keyPath: keyPath]
        } onChange: { [self] in
            willChange()
        }
    }

    /// Called from the property's `willSet`, on the mutating thread: schedules a delivery.
    private func willChange() {
        let schedule = state.withLock { state in
            guard state.handler != nil else { return false }
            switch state.phase {
            case .idle:
                state.phase = .scheduled
                return true
            case .delivering:
                state.phase = .dirty
                return false
            case .scheduled, .dirty:
                return false
            }
        }
        if schedule {
            Task { await self.deliver(on: self.isolation) }
        }
    }

    /// Reads the current value, re-registers, and hands it to the handler; again while changes
    /// were announced during the handler.
    private func deliver(on isolation: isolated (any Actor)?) {
        while true {
            let handler = state.withLock { state -> Handler? in
                guard let handler = state.handler else { return nil }
                state.phase = .delivering
                return handler
            }
            guard let handler else { return }
            guard let model else {
                cancel()
                return
            }
            let value = track(model)
            guard handler(model, value) else {
                cancel()
                return
            }
            let again = state.withLock { state in
                if state.phase == .dirty { return true }
                state.phase = .idle
                return false
            }
            if !again { return }
        }
    }

    /// Ends the subscription; true if this call ended it.
    @discardableResult
    func cancel() -> Bool {
        let handler = state.withLock { state in
            let handler = state.handler
            state.handler = nil
            return handler
        }
        return handler != nil  // the handler is released here, after the lock
    }

    // MARK: SubscriptionSource

    func remove(token: UInt64, slot: Int) -> Bool {
        cancel()
    }

    func isActive(token: UInt64, slot: Int) -> Bool {
        model != nil && state.withLock { $0.handler != nil }
    }
}

/// A key path held by a `Sendable` loop.
struct UncheckedKeyPath<Root, Value>: @unchecked Sendable {
    // @unchecked is sound: a key path object is immutable once made, and the loop applies it
    // only on its `isolation`, the isolation of the caller that formed it and handed it over
    // (so a key path to a main-actor property is applied on the main actor).
    let keyPath: KeyPath<Root, Value>

    init(_ keyPath: KeyPath<Root, Value>) {
        self.keyPath = keyPath
    }
}
