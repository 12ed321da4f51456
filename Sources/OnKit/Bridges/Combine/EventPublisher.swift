// The Combine bridge. Compiled into OnKit where Combine exists (Apple platforms). On Linux the
// test target OnKitCombineTests compiles this same file (a symlink) against OpenCombine, with
// ONKIT_OPENCOMBINE set there only: OnKit itself never depends on OpenCombine.
#if canImport(Combine)
import Combine
#elseif ONKIT_OPENCOMBINE
import OpenCombine
@testable import OnKit  // `Locked`, `ReleaseSentinel`, `CallSource`: part of OnKit everywhere else
#endif

#if canImport(Combine) || ONKIT_OPENCOMBINE
extension Subscribable where Answer == Void {
    /// The arguments of every later call, as a Combine publisher that never fails.
    ///
    /// The output is `Args`, as for `values`: the sender is the object you took the publisher
    /// from, and keeping it out of the stream keeps it out of `sink` closures too. Where a call
    /// carries nothing else (`Args == Void`) and the sender is `Sendable`, the output is the
    /// sender, as for `values` (`slider.on.valueChanged.publisher.map(\.value)`); with a sender
    /// that is not `Sendable` it is `Void`.
    ///
    /// **No buffer: a call that comes while the subscriber's demand is 0 is dropped**, as a
    /// handler that is not registered would miss it. `sink` and `assign` ask for unlimited
    /// demand and get every call. The publisher subscribes here on the subscriber's first
    /// request, and removes that handler when the subscriber cancels (or its `AnyCancellable`
    /// goes). It holds the read-only face only, never keeps an `Event` alive, and finishes when
    /// the source is deallocated or its handlers removed. Values arrive on the thread that
    /// sends, as handlers do: use `receive(on:)` to move them.
    ///
    /// ```swift
    /// thermostat.temperatureChanged.publisher
    ///     .filter { $0 > 25 }
    ///     .sink { celsius in print("hot:", celsius) }
    ///     .store(in: &cancellables)
    /// ```
    public var publisher: EventPublisher<Args> {
        EventPublisher(argumentsOfCalls)
    }
}

extension Subscribable where Answer == Void, Args == Void, Sender: Sendable {
    /// The sender of every later call, as a Combine publisher, for calls that carry nothing else:
    /// `slider.on.valueChanged.publisher.map(\.value)`. Otherwise as the arguments' `publisher`.
    public var publisher: EventPublisher<Sender> {
        EventPublisher(sendersOfCalls)
    }
}

/// A Combine publisher of an event's calls, each call's arguments or, for a call that carries
/// nothing else, its sender: see `Subscribable.publisher`.
public struct EventPublisher<Output>: Publisher, Sendable {
    /// An event never fails; the publisher finishes when the source ends.
    public typealias Failure = Never

    private let source: CallSource<Output>

    init(_ source: CallSource<Output>) {
        self.source = source
    }

    /// Attaches `subscriber`; nothing is registered on the source until its first request.
    public func receive<Downstream: Subscriber>(subscriber: Downstream)
    where Downstream.Input == Output, Downstream.Failure == Never {
        subscriber.receive(subscription: EventPublisherSubscription(source: source, downstream: subscriber))
    }
}

/// What the source's handler holds: a link with the subscriber's type erased, so that the
/// `@Sendable` handler never captures that type (a subscriber's metatype need not be `Sendable`).
private protocol EventPublisherLink<Output>: AnyObject, Sendable {
    associatedtype Output
    /// Sends `output` downstream if it has demand; otherwise drops it (see `publisher`).
    func deliver(_ output: Output)
    /// The source ended: completes the subscriber, unless it has cancelled.
    func finish()
}

/// One subscriber's link to the source: demand under a lock, the downstream called outside it.
///
/// `@unchecked Sendable` is sound: `downstream` is read and written only inside `state`'s lock,
/// and is then called outside it on the sending thread, which is how every Combine publisher
/// that is not bound to a scheduler calls its subscribers (`PassthroughSubject` included).
private final class EventPublisherSubscription<Output, Downstream: Subscriber>:
    Subscription, EventPublisherLink, @unchecked Sendable
where Downstream.Input == Output, Downstream.Failure == Never {
    private enum Phase {
        /// No request yet: nothing registered on the source.
        case idle(CallSource<Output>)
        /// The first request is registering the handler (outside the lock).
        case subscribing
        case subscribed(EventSubscription)
        /// Cancelled, or finished: terminal.
        case ended
    }

    private struct State {
        var phase: Phase
        var demand = Subscribers.Demand.none
    }

    private let state: Locked<State>
    /// Guarded by `state`'s lock (see the type's comment); nil once ended, to release it.
    private var downstream: Downstream?

    init(source: CallSource<Output>, downstream: Downstream) {
        state = Locked(State(phase: .idle(source)))
        self.downstream = downstream
    }

    func request(_ demand: Subscribers.Demand) {
        // Combine forbids requesting `.none`; it adds nothing, so it is ignored, never a crash.
        guard demand > 0 else { return }
        let source = state.withLock { state -> CallSource<Output>? in
            if case .ended = state.phase { return nil }
            state.demand += demand
            guard case .idle(let source) = state.phase else { return nil }
            state.phase = .subscribing
            return source
        }
        guard let source else { return }
        // Released with the handler: when the source is deallocated or its handlers removed,
        // the subscriber gets `.finished` (after a cancel it finds the link ended: nothing).
        let link: any EventPublisherLink<Output> = self
        let sentinel = ReleaseSentinel { link.finish() }
        let subscription = source.subscribe { output in
            withExtendedLifetime(sentinel) {}
            link.deliver(output)
        }
        let cancelled = state.withLock { state in
            guard case .subscribing = state.phase else { return true }
            state.phase = .subscribed(subscription)
            return false
        }
        if cancelled { subscription.cancel() }
    }

    func cancel() {
        let (phase, downstream) = state.withLock { state in
            defer { state.phase = .ended; state.demand = .none; self.downstream = nil }
            return (state.phase, self.downstream)
        }
        if case .subscribed(let subscription) = phase { subscription.cancel() }
        withExtendedLifetime(downstream) {}  // released here, outside the lock
    }

    func deliver(_ output: Output) {
        let downstream = state.withLock { state -> Downstream? in
            guard state.demand > 0 else { return nil }
            state.demand -= 1
            return self.downstream
        }
        guard let downstream else { return }
        let more = downstream.receive(output)
        guard more > 0 else { return }
        state.withLock { state in
            if case .ended = state.phase { return }
            state.demand += more
        }
    }

    func finish() {
        let (phase, downstream) = state.withLock { state in
            defer { state.phase = .ended; state.demand = .none; self.downstream = nil }
            return (state.phase, self.downstream)
        }
        withExtendedLifetime(phase) {}
        downstream?.receive(completion: .finished)
    }
}
#endif
