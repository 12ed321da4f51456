import Dispatch
import OpenCombine
@testable import OnKit  // `Locked`: the project's lock, which the thread sanitizer sees
import Testing

// `Subscribable.publisher`, compiled from Sources/OnKit/Bridges/Combine/EventPublisher.swift (the
// symlink beside this file) against OpenCombine, which has Combine's API and contract.

final class Thermostat: Sendable {
    let temperatureChanged = Event<Thermostat, Double>()

    func set(_ celsius: Double) {
        temperatureChanged.send(self, celsius)
    }
}

@Suite struct EventPublisherDemandTests {
    @Test func aRequestForOneGetsExactlyOneValue() {
        let event = Event<Void, Int>()
        let probe = Probe(initialDemand: .max(1))
        event.publisher.subscribe(probe)
        for value in 1...3 { event.send(value) }
        #expect(probe.values == [1])
        #expect(event.subscriberCount == 1)  // still subscribed, dropping
    }

    @Test func valuesSentWithoutDemandAreDroppedAndLaterDemandResumes() {
        let event = Event<Void, Int>()
        let probe = Probe(initialDemand: .max(1))
        event.publisher.subscribe(probe)
        event.send(1)
        event.send(2)  // demand 0: dropped
        event.send(3)  // dropped
        probe.request(.max(2))
        #expect(probe.values == [1], "a value sent without demand was buffered and delivered later")
        event.send(4)
        event.send(5)
        event.send(6)  // demand 0 again: dropped
        #expect(probe.values == [1, 4, 5])
    }

    @Test func unlimitedDemandGetsEveryValueInOrder() {
        let event = Event<Void, Int>()
        var received: [Int] = []
        let cancellable = event.publisher.sink { received.append($0) }
        for value in 1...100 { event.send(value) }
        #expect(received == Array(1...100))
        cancellable.cancel()
    }

    @Test func demandReturnedFromReceiveIsAdded() {
        let event = Event<Void, Int>()
        let probe = Probe(initialDemand: .max(1), demandPerValue: .max(1))
        event.publisher.subscribe(probe)
        for value in 1...5 { event.send(value) }
        #expect(probe.values == [1, 2, 3, 4, 5])
    }

    @Test func nothingIsRegisteredOnTheSourceBeforeTheFirstRequest() {
        let event = Event<Void, Int>()
        let probe = Probe(initialDemand: .none)
        event.publisher.subscribe(probe)
        #expect(event.subscriberCount == 0)
        event.send(1)
        probe.request(.max(1))
        #expect(event.subscriberCount == 1)
        event.send(2)
        #expect(probe.values == [2])
    }

    @Test func aReadOnlyFacePublishesTheEventsCalls() {
        let gate = Gate()
        var angles: [Int] = []
        let cancellable = gate.opened.publisher.sink { angles.append($0) }
        gate.open(angle: 30)
        #expect(angles == [30])
        cancellable.cancel()
    }
}

@Suite struct EventPublisherCancellationTests {
    @Test func cancellingRemovesTheHandlerAndDeliversNothingMore() {
        let event = Event<Void, Int>()
        var received: [Int] = []
        let cancellable = event.publisher.sink { received.append($0) }
        event.send(1)
        #expect(event.subscriberCount == 1)
        cancellable.cancel()
        #expect(event.subscriberCount == 0)
        event.send(2)
        #expect(received == [1])
    }

    @Test func releasingTheCancellableRemovesTheHandler() {
        let event = Event<Void, Int>()
        var cancellable: AnyCancellable? = event.publisher.sink { _ in }
        #expect(event.subscriberCount == 1)
        withExtendedLifetime(cancellable) {}
        cancellable = nil
        #expect(event.subscriberCount == 0)
    }

    @Test func cancellingInsideReceiveStopsTheNextValuesOfTheSameSend() {
        let event = Event<Void, Int>()
        let probe = Probe(initialDemand: .unlimited, cancelAfter: 1)
        event.publisher.subscribe(probe)
        event.send(1)
        event.send(2)
        #expect(probe.values == [1])
        #expect(event.subscriberCount == 0)
    }

    @Test func aRequestAfterCancelRegistersNothing() {
        let event = Event<Void, Int>()
        let probe = Probe(initialDemand: .none)
        event.publisher.subscribe(probe)
        probe.cancel()
        probe.request(.unlimited)
        #expect(event.subscriberCount == 0)
        event.send(1)
        #expect(probe.values.isEmpty)
    }

    @Test func anOperatorChainCancelsItsSource() {
        let event = Event<Void, Int>()
        var received: [String] = []
        let cancellable = event.publisher
            .filter { $0.isMultiple(of: 2) }
            .map { "\($0)" }
            .sink { received.append($0) }
        for value in 1...4 { event.send(value) }
        cancellable.cancel()
        event.send(6)
        #expect(received == ["2", "4"])
        #expect(event.subscriberCount == 0)
    }
}

@Suite struct EventPublisherCompletionTests {
    @Test func finishesWhenTheEventIsDeallocated() {
        var event: Event<Void, Int>? = Event()
        weak let weakEvent = event
        let probe = Probe(initialDemand: .unlimited)
        event?.publisher.subscribe(probe)
        event?.send(1)
        event = nil
        #expect(weakEvent == nil, "the publisher's subscription kept the event alive")
        #expect(probe.completions == 1)
        #expect(probe.values == [1])
    }

    @Test func finishesWhenTheEventsHandlersAreRemoved() {
        let event = Event<Void, Int>()
        let probe = Probe(initialDemand: .unlimited)
        event.publisher.subscribe(probe)
        event.removeAll()
        #expect(probe.completions == 1)
        event.send(1)
        #expect(probe.values.isEmpty)
    }

    @Test func subscribingToAnEndedSourceFinishesAtOnce() {
        var event: Event<Void, Int>? = Event()
        let publisher = event!.publisher  // sound: just created
        event = nil
        let probe = Probe(initialDemand: .unlimited)
        publisher.subscribe(probe)
        #expect(probe.completions == 1)
    }

    @Test func aCancelledSubscriberGetsNoCompletion() {
        var event: Event<Void, Int>? = Event()
        let probe = Probe(initialDemand: .unlimited)
        event?.publisher.subscribe(probe)
        probe.cancel()
        event = nil
        #expect(probe.completions == 0)
    }
}

@Suite struct EventPublisherLeakTests {
    @Test func cancellingReleasesTheSubscriberAndTheSubscription() {
        let event = Event<Void, Int>()
        // The probe keeps its subscription after cancelling, as a careless subscriber would: only
        // the subscription letting go of its subscriber breaks that cycle.
        let subscription = ReleaseWatch()
        var probe: Probe? = Probe(initialDemand: .unlimited, keepsSubscription: true, watch: subscription)
        weak let weakProbe = probe
        event.publisher.subscribe(probe!)  // sound: just created
        #expect(!subscription.isReleased)
        probe?.cancel()
        probe = nil
        #expect(weakProbe == nil, "the cancelled subscription kept its subscriber")
        #expect(subscription.isReleased, "the event kept the cancelled subscription")
    }

    @Test func cancellingBeforeAnyRequestReleasesTheSubscriber() {
        let event = Event<Void, Int>()
        var probe: Probe? = Probe(initialDemand: .none, keepsSubscription: true)
        weak let weakProbe = probe
        event.publisher.subscribe(probe!)  // sound: just created
        probe?.cancel()
        probe = nil
        #expect(weakProbe == nil, "the cancelled subscription kept its subscriber")
    }

    @Test func finishingReleasesTheSubscriber() {
        var event: Event<Void, Int>? = Event()
        var probe: Probe? = Probe(initialDemand: .unlimited, keepsSubscription: true)
        weak let weakProbe = probe
        event?.publisher.subscribe(probe!)  // sound: just created
        probe = nil
        #expect(weakProbe != nil)  // subscribed: the subscription holds it, as Combine does
        event = nil
        #expect(weakProbe == nil, "the finished subscription kept its subscriber")
    }

    @Test func aSinkChainAndWhatItCapturesAreReleasedAfterCancel() {
        let event = Event<Void, Int>()
        var captured: Box? = Box()
        weak let weakCaptured = captured
        var cancellable: AnyCancellable? = event.publisher
            .map { $0 * 2 }
            .sink { [captured] value in captured?.value = value }
        captured = nil
        event.send(21)
        #expect(weakCaptured?.value == 42)
        cancellable?.cancel()
        cancellable = nil
        #expect(weakCaptured == nil, "the cancelled chain kept its closure")
    }

    @Test func aPublisherDoesNotKeepItsEventAlive() {
        var event: Event<Void, Int>? = Event()
        weak let weakEvent = event
        let publisher = event?.publisher
        event = nil
        #expect(weakEvent == nil)
        withExtendedLifetime(publisher) {}
    }
}

@Suite struct EventPublisherConcurrencyTests {
    static let threads = 4
    static let sendsPerThread = 5_000

    @Test func concurrentSendsWithUnlimitedDemandDeliverEveryValue() {
        let event = Event<Void, Int>()
        let probe = Probe(initialDemand: .unlimited, records: false)
        event.publisher.subscribe(probe)
        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            for value in 0..<Self.sendsPerThread { event.send(thread * Self.sendsPerThread + value) }
        }
        #expect(probe.count == Self.threads * Self.sendsPerThread)
    }

    @Test func concurrentSendsDeliverExactlyTheDemand() {
        let event = Event<Void, Int>()
        let probe = Probe(initialDemand: .max(100), records: false)
        event.publisher.subscribe(probe)
        DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in
            for value in 0..<Self.sendsPerThread { event.send(value) }
        }
        #expect(probe.count == 100)
    }

    @Test func concurrentRequestsAndSendsNeverDeliverMoreThanRequested() {
        let event = Event<Void, Int>()
        let probe = Probe(initialDemand: .max(1), records: false)
        event.publisher.subscribe(probe)
        let requests = 1_000
        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            if thread == 0 {
                for _ in 0..<requests { probe.request(.max(1)) }
            } else {
                for value in 0..<Self.sendsPerThread { event.send(value) }
            }
        }
        #expect(probe.count <= requests + 1)
        event.send(0)  // whatever demand is left takes this one
        #expect(probe.count <= requests + 1)
    }

    @Test func cancellingWhileOtherThreadsSendRemovesTheHandler() {
        let event = Event<Void, Int>()
        let probe = Probe(initialDemand: .unlimited, records: false)
        event.publisher.subscribe(probe)
        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            for value in 0..<Self.sendsPerThread {
                if thread == 0, value == Self.sendsPerThread / 2 { probe.cancel() }
                event.send(value)
            }
        }
        let count = probe.count
        #expect(event.subscriberCount == 0)
        event.send(0)
        #expect(probe.count == count, "a value was delivered after cancel returned and sends ended")
    }
}

@Suite struct ReadmeCombineSnippetTests {
    @Test func theReadmeSnippetPrintsOnlyHotTemperatures() {
        let thermostat = Thermostat()
var cancellables = Set<AnyCancellable>()
thermostat.temperatureChanged.publisher
    .filter { $0 > 25 }
    .sink { celsius in print("hot:", celsius) }
    .store(in: &cancellables)
        #expect(thermostat.temperatureChanged.subscriberCount == 1)
        thermostat.set(30)
        cancellables.removeAll()
        #expect(thermostat.temperatureChanged.subscriberCount == 0)
    }
}

// MARK: - Support

final class Gate: Sendable {
    private let openedEvent = Event<Gate, Int>()
    var opened: ReadOnlyEvent<Gate, Int> { openedEvent.readOnly }

    func open(angle: Int) { openedEvent.send(self, angle) }
}

final class Box {
    var value = 0
}

/// Holds an object weakly, to tell whether it has been released.
///
/// `@unchecked Sendable` is sound: `object` is read and written only inside `lock`'s lock (a
/// subscription is not `Sendable`, so it cannot live in the `Locked` state itself).
final class ReleaseWatch: @unchecked Sendable {
    private let lock = Locked(())
    private weak var object: AnyObject?

    func watch(_ object: AnyObject) {
        lock.withLock { _ in self.object = object }
    }

    var isReleased: Bool { lock.withLock { _ in object == nil } }
}

/// A subscriber that records what it gets (under a lock: sends may come from several threads),
/// asks for `initialDemand` when subscribed and for `demandPerValue` after each value.
///
/// `@unchecked Sendable` is sound: `subscription` is read and written only inside `state`'s lock
/// (it is not `Sendable`, so it cannot live in the `Locked` state itself).
final class Probe: Subscriber, @unchecked Sendable {
    typealias Input = Int
    typealias Failure = Never

    private struct State {
        var values: [Int] = []
        var count = 0
        var completions = 0
    }

    private let state = Locked(State())
    private var subscription: (any Subscription)?
    private let initialDemand: Subscribers.Demand
    private let demandPerValue: Subscribers.Demand
    private let cancelAfter: Int?
    private let keepsSubscription: Bool
    private let records: Bool
    private let watch: ReleaseWatch?

    init(
        initialDemand: Subscribers.Demand,
        demandPerValue: Subscribers.Demand = .none,
        cancelAfter: Int? = nil,
        keepsSubscription: Bool = false,
        records: Bool = true,
        watch: ReleaseWatch? = nil
    ) {
        self.watch = watch
        self.initialDemand = initialDemand
        self.demandPerValue = demandPerValue
        self.cancelAfter = cancelAfter
        self.keepsSubscription = keepsSubscription
        self.records = records
    }

    var values: [Int] { state.withLock { $0.values } }
    var count: Int { state.withLock { $0.count } }
    var completions: Int { state.withLock { $0.completions } }

    func receive(subscription: any Subscription) {
        state.withLock { _ in self.subscription = subscription }
        watch?.watch(subscription as AnyObject)
        if initialDemand > 0 { subscription.request(initialDemand) }
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        let count = state.withLock { state in
            state.count += 1
            if records { state.values.append(input) }
            return state.count
        }
        if count == cancelAfter { cancel() }
        return demandPerValue
    }

    func receive(completion: Subscribers.Completion<Never>) {
        state.withLock { $0.completions += 1 }
    }

    func request(_ demand: Subscribers.Demand) {
        state.withLock { _ in subscription }?.request(demand)
    }

    /// Cancels the subscription; lets go of it unless `keepsSubscription`.
    func cancel() {
        let subscription = state.withLock { _ in
            defer { if !keepsSubscription { self.subscription = nil } }
            return self.subscription
        }
        subscription?.cancel()
    }
}
