import Foundation
import OnKit
import Testing

/// Long random sequences of operations on two events and a decision, checked after every step
/// against a plain reference model: who is called by each send or ask and in which order, the
/// answer, `subscriberCount`, `isActive` of subscriptions, and that closures and owners are
/// released exactly when the model says nothing holds them any more.
///
/// Reproduce a failure with the seed it prints: `ONKIT_MODEL_SEED=<seed> swift test --filter EventModelTests`.
@Suite struct EventModelTests {
    @Test func randomOperationSequencesMatchTheReferenceModel() {
        var seeds: [UInt64]
        let reproducing = ProcessInfo.processInfo.environment["ONKIT_MODEL_SEED"] != nil
        if let fixed = ProcessInfo.processInfo.environment["ONKIT_MODEL_SEED"].flatMap(UInt64.init) {
            seeds = [fixed]
        } else {
            // Fixed seeds keep the run reproducible; one fresh seed per run widens it over time.
            seeds = Array(1...12)
            seeds.append(UInt64.random(in: 1...UInt64.max))
        }
        var coverage = ModelRun.Coverage()
        for seed in seeds {
            var run = ModelRun(seed: seed)
            if let failure = run.play(steps: 400) {
                Issue.record(Comment(rawValue: failure))
            }
            coverage.add(run.coverage)
        }
        // The sequences must have reached the interesting cases, or the test proves little.
        guard !reproducing else { return }
        #expect(coverage.calls > 1_000)
        #expect(coverage.staleRemovals > 50)
        #expect(coverage.foreignRemovals > 50)
        #expect(coverage.deadOwnersReleasedBySend > 10)
        #expect(coverage.deadOwnersReleasedBySubscribe > 10)
        #expect(coverage.oncesRun > 50)
        #expect(coverage.peakRegistered > 40)
        #expect(coverage.massCancels > 200)
        #expect(coverage.asksStopped > 50)
    }
}

/// One random sequence and its model.
private struct ModelRun {
    enum Kind: CustomStringConvertible {
        case plain, owned(owner: Int), once
        var description: String {
            switch self {
            case .plain: "plain"
            case .owned(let owner): "owned(by \(owner))"
            case .once: "once"
            }
        }
    }

    /// What the model knows of one subscription.
    struct Handler {
        let id: Int
        let event: Int
        let kind: Kind
        let subscription: EventSubscription
        /// Held only by the handler's closure.
        let capture: WeakReference<Tracked>
    }

    /// How much of the interesting ground a run covered.
    struct Coverage {
        var calls = 0
        var staleRemovals = 0
        var foreignRemovals = 0
        var deadOwnersReleasedBySend = 0
        var deadOwnersReleasedBySubscribe = 0
        var oncesRun = 0
        var peakRegistered = 0
        var massCancels = 0
        var asksStopped = 0

        mutating func add(_ other: Coverage) {
            calls += other.calls
            staleRemovals += other.staleRemovals
            foreignRemovals += other.foreignRemovals
            deadOwnersReleasedBySend += other.deadOwnersReleasedBySend
            deadOwnersReleasedBySubscribe += other.deadOwnersReleasedBySubscribe
            oncesRun += other.oncesRun
            peakRegistered = max(peakRegistered, other.peakRegistered)
            massCancels += other.massCancels
            asksStopped += other.asksStopped
        }
    }

    let seed: UInt64
    var random: CoreSplitMix64
    var coverage = Coverage()
    let events = [Event<Void, Int>(), Event<Void, Int>()]
    /// Channel 2 of the model (0 and 1 are `events`): a decision that stops at the first `false`.
    let decision = Decision<Void, Void, Bool>.all()
    static let decisionChannel = 2
    /// Handler ids, in call order, of the send under way.
    let calls = Recorder<Int>()
    /// Every subscription made, indexed by id.
    var handlers: [Handler] = []
    /// Per event, the ids of registered handlers: counted by `subscriberCount`, `isActive`, their
    /// closure held. Ids grow in subscription order, so sorted ids are the call order.
    var live: [Set<Int>] = [[], [], []]
    /// Owners alive, held only here; an owner dies when removed.
    var owners: [Int: Tracked] = [:]
    var deadOwners: [Int: WeakReference<Tracked>] = [:]
    var nextOwner = 0
    var log: [String] = []
    var checks = 0

    init(seed: UInt64) {
        self.seed = seed
        random = CoreSplitMix64(seed: seed)
    }

    /// Plays `steps` random operations; returns a description of the first mismatch, if any.
    mutating func play(steps: Int) -> String? {
        for step in 0..<steps {
            let failure = self.step()
            if let failure {
                return """
                    model test failed with seed \(seed) at step \(step): \(failure)
                    last operations:
                    \(log.suffix(12).joined(separator: "\n"))
                    reproduce: ONKIT_MODEL_SEED=\(seed) swift test --filter EventModelTests
                    """
            }
        }
        return nil
    }

    // MARK: Operations

    mutating func step() -> String? {
        let event = random.below(events.count + 1)
        switch random.pick(weights: [4, 3, 2, 4, 1, 4, 1, 1, 1]) {
        case 0: return subscribe(on: event, kind: .plain)
        case 1:
            // An existing live owner or a new one.
            let live = owners.keys.sorted()
            if !live.isEmpty && random.below(2) == 0 {
                return subscribe(on: event, kind: .owned(owner: live[random.below(live.count)]))
            }
            owners[nextOwner] = Tracked("owner \(nextOwner)")
            nextOwner += 1
            return subscribe(on: event, kind: .owned(owner: nextOwner - 1))
        case 2: return subscribe(on: event, kind: event == Self.decisionChannel ? .plain : .once)
        case 3: return cancelOne()
        case 4: return killOwner()
        case 5: return event == Self.decisionChannel ? ask() : send(on: event)
        case 6: return removeAll(on: event)
        case 7:
            // A burst of subscriptions, so that many cancels can follow.
            for _ in 0..<(10 + random.below(30)) {
                let once = random.below(4) == 0 && event != Self.decisionChannel
                _ = subscribe(on: event, kind: once ? .once : .plain, checking: false)
            }
            return check(touched: [])
        default:
            // Cancel most registered handlers but the last: tombstones pile up in the middle,
            // and the store compacts, moving the survivors (whose subscriptions must follow).
            for index in live[event].sorted().dropLast() where random.below(4) != 0 {
                let result = handlers[index].subscription.cancel()
                live[event].remove(index)
                log.append("mass cancel \(handlers[index].id) -> \(result)")
                if !result { return "cancelling live \(handlers[index].id) returned false" }
                coverage.massCancels += 1
            }
            return check(touched: [])
        }
    }

    /// Subscribes; checks the model afterwards unless `checking` is false (within a burst).
    mutating func subscribe(on event: Int, kind: Kind, checking: Bool = true) -> String? {
        let id = handlers.count
        let calls = calls
        let captured = Tracked("capture \(id)")
        let subscription: EventSubscription
        // Decision handlers answer `false` when their id is a multiple of 4: some asks stop early.
        let answer = id % 4 != 0
        switch (kind, event == Self.decisionChannel) {
        case (.plain, true):
            subscription = decision.subscribe { [captured] _, _ in
                withExtendedLifetime(captured) {}
                calls.append(id)
                return answer
            }
        case (.owned(let owner), true):
            // Sound: `owners[owner]` is live, the caller just picked or made it.
            subscription = decision.subscribe(owner: owners[owner]!) { [captured] _, _, _ in
                withExtendedLifetime(captured) {}
                calls.append(id)
                return answer
            }
        case (.once, true):
            preconditionFailure("a decision has no once")
        case (.plain, false):
            subscription = events[event].subscribe { [captured] _, _ in
                withExtendedLifetime(captured) {}
                calls.append(id)
            }
        case (.owned(let owner), false):
            // Sound: `owners[owner]` is live, the caller just picked or made it.
            subscription = events[event].subscribe(owner: owners[owner]!) { [captured] _, _, _ in
                withExtendedLifetime(captured) {}
                calls.append(id)
            }
        case (.once, false):
            subscription = events[event].once { [captured] _, _ in
                withExtendedLifetime(captured) {}
                calls.append(id)
            }
        }
        log.append("\(id) = subscribe \(kind) on channel \(event)")
        // Model: a subscribe first releases the owner-bound handlers whose owner is gone.
        releaseDeadOwned(on: event)
        handlers.append(Handler(
            id: id, event: event, kind: kind, subscription: subscription, capture: WeakReference(captured)
        ))
        live[event].insert(id)
        return checking ? check(touched: [id]) : nil
    }

    mutating func cancelOne() -> String? {
        guard !handlers.isEmpty else { return nil }
        // Any subscription ever made: live, cancelled, ran, released. Stale ones included.
        let index = random.below(handlers.count)
        let handler = handlers[index]
        let how = random.below(4)
        let result: Bool
        let expected: Bool
        switch how {
        case 0, 1:
            if !isLive(handler.id) { coverage.staleRemovals += 1 }
            result = handler.subscription.cancel()
            expected = isLive(handler.id)
            live[handler.event].remove(handler.id)
            log.append("cancel \(handler.id) -> \(result)")
        case 2:
            result = unsubscribe(handler.subscription, from: handler.event)
            expected = isLive(handler.id)
            live[handler.event].remove(handler.id)
            log.append("channel \(handler.event) -= \(handler.id) -> \(result)")
        default:
            coverage.foreignRemovals += 1
            let foreign = (handler.event + 1 + random.below(2)) % live.count
            result = unsubscribe(handler.subscription, from: foreign)
            expected = false  // belongs to another channel: refused, nothing changes
            log.append("channel \(foreign) -= \(handler.id) (foreign) -> \(result)")
        }
        if result != expected {
            return "removing \(handler.id) (\(handler.kind)) returned \(result), expected \(expected)"
        }
        return check(touched: [handler.id])
    }

    mutating func killOwner() -> String? {
        let live = owners.keys.sorted()
        guard !live.isEmpty else { return nil }
        let owner = live[random.below(live.count)]
        let weakOwner = WeakReference(owners[owner])
        owners[owner] = nil
        deadOwners[owner] = weakOwner
        log.append("owner \(owner) dies")
        if !weakOwner.isReleased { return "owner \(owner) is retained after its last reference went" }
        // Model: nothing else changes until a send, ask or subscribe on its channel.
        return check(touched: [])
    }

    mutating func send(on event: Int) -> String? {
        calls.removeAll()
        events[event].send((), 0)
        let actual = calls.values
        var expected: [Int] = []
        var touched: [Int] = []
        for index in live[event].sorted() {
            switch handlers[index].kind {
            case .plain:
                expected.append(handlers[index].id)
            case .owned(let owner):
                if owners[owner] != nil {
                    expected.append(handlers[index].id)
                } else {
                    live[event].remove(index)  // released by this send
                    touched.append(handlers[index].id)
                    coverage.deadOwnersReleasedBySend += 1
                }
            case .once:
                coverage.oncesRun += 1
                expected.append(handlers[index].id)
                live[event].remove(index)
                touched.append(handlers[index].id)
            }
        }
        coverage.calls += actual.count
        log.append("send on channel \(event) -> \(actual.count) calls")
        if actual != expected { return "send on event \(event) called \(actual), expected \(expected)" }
        return check(touched: touched)
    }

    mutating func ask() -> String? {
        calls.removeAll()
        let answer = decision.ask((), ())
        let actual = calls.values
        var expected: [Int] = []
        var touched: [Int] = []
        var folded: Bool?
        var stopped = false
        for index in live[Self.decisionChannel].sorted() {
            guard case .owned(let owner) = handlers[index].kind, owners[owner] == nil else {
                if stopped { continue }
                expected.append(index)
                folded = (folded ?? true) && index % 4 != 0
                stopped = folded == false
                continue
            }
            // Released whether the ask reached it or stopped before.
            live[Self.decisionChannel].remove(index)
            touched.append(index)
            coverage.deadOwnersReleasedBySend += 1
        }
        if stopped { coverage.asksStopped += 1 }
        coverage.calls += actual.count
        log.append("ask -> \(answer) after \(actual.count) calls")
        if actual != expected { return "ask called \(actual), expected \(expected)" }
        if answer != (folded ?? true) { return "ask answered \(answer), expected \(folded ?? true)" }
        return check(touched: touched)
    }

    mutating func removeAll(on event: Int) -> String? {
        if event == Self.decisionChannel { decision.removeAll() } else { events[event].removeAll() }
        let touched = live[event].sorted()
        live[event] = []
        log.append("removeAll on channel \(event)")
        return check(touched: touched)
    }

    mutating func releaseDeadOwned(on event: Int) {
        for index in live[event].sorted() {
            if case .owned(let owner) = handlers[index].kind, owners[owner] == nil {
                live[event].remove(index)
                coverage.deadOwnersReleasedBySubscribe += 1
            }
        }
    }

    /// `-=` on a channel.
    func unsubscribe(_ subscription: EventSubscription, from channel: Int) -> Bool {
        if channel == Self.decisionChannel { return decision -= subscription }
        return events[channel] -= subscription
    }

    // MARK: Checking

    func isLive(_ id: Int) -> Bool { live[handlers[id].event].contains(id) }

    /// Compares the events with the model: counts, the handlers the step touched, every
    /// registered handler (on every 16th check, a sample otherwise), and a few random stale ones
    /// (a stale subscription must stay dead).
    mutating func check(touched: [Int]) -> String? {
        coverage.peakRegistered = max(coverage.peakRegistered, live.map(\.count).reduce(0, +))
        for channel in live.indices {
            let count = channel == Self.decisionChannel ? decision.subscriberCount : events[channel].subscriberCount
            if count != live[channel].count {
                return "channel \(channel) subscriberCount is \(count), expected \(live[channel].count)"
            }
        }
        var ids = Set(touched)
        checks += 1
        if checks % 16 == 0 {
            for channel in live { ids.formUnion(channel) }
        } else {
            // In between, a sample: a few live handlers of each event.
            for event in live where !event.isEmpty {
                for _ in 0..<3 { ids.insert(event[event.index(event.startIndex, offsetBy: random.below(event.count))]) }
            }
        }
        if !handlers.isEmpty {
            for _ in 0..<4 { ids.insert(random.below(handlers.count)) }
        }
        for id in ids.sorted() {
            let handler = handlers[id]
            let registered = isLive(id)
            if handler.subscription.isActive != registered {
                return "\(id) (\(handler.kind)) isActive is \(!registered), expected \(registered)"
            }
            if handler.capture.isReleased == registered {
                return "\(id) (\(handler.kind)) closure is \(registered ? "released while registered" : "still alive after removal")"
            }
        }
        for (owner, weakOwner) in deadOwners where !weakOwner.isReleased {
            return "dead owner \(owner) is alive again"
        }
        return nil
    }
}
