import Foundation
@testable import OnKit
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 21's rules, each attacked as a user could: no user code under OnKit's lock (a `deinit`
/// that re-enters), sends that take no lock because garbage waits, a blocked send that pins only
/// what it can reach, thread records that go with their thread.
@Suite struct SoundCoreTests {
    /// A screen that keeps its subscriptions in its own lifetime: the most common owner pattern.
    final class Screen: Sendable {
        let lifetime = Lifetime()
    }

    /// Counts deinits.
    final class Released: Sendable {
        let count = Atomic<Int>(0)
        func probe() -> DeinitProbe { DeinitProbe { self.count.add(1, ordering: .relaxed) } }
        var value: Int { count.load(ordering: .relaxed) }
    }

    /// A handler whose first call signals `entered` and blocks until `unblock` is signalled (a
    /// modal run loop inside a send); later calls return at once.
    private func blockingOnce(entered: DispatchSemaphore, until unblock: DispatchSemaphore) -> @Sendable (Int, Int) -> Void {
        let first = Atomic<Bool>(true)
        return { _, _ in
            if first.exchange(false, ordering: .relaxed) {
                entered.signal()
                unblock.wait()
            }
        }
    }

    /// Starts `body` on a new thread.
    private func spawn(_ body: @escaping @Sendable () -> Void) {
        Thread { body() }.start()
    }

    /// Holds `store`'s lock on another thread until `release` is signalled; returns once it is held.
    private func holdLock<S, A, R>(of store: HandlerStore<S, A, R>, until release: DispatchSemaphore) {
        let held = DispatchSemaphore(value: 0)
        spawn {
            store.state.withLock { _ in
                held.signal()
                release.wait()
            }
        }
        held.wait()
    }

    // MARK: No user code under the lock

    #if os(Linux)
    @Test func ownersDeinitThatEndsItsLifetimeNeverHangsASubscribe() async throws {
        try await runInChildProcess(.ownerDeinitEndsLifetimeDuringSubscribes, timeout: 120)
    }

    @Test func aMechanismWhoseStopEndsItsSourceDoesNotHang() async throws {
        try await runInChildProcess(.stopThatEndsItsOwnSource, timeout: 60)
    }

    @Test func aLockTakenAgainStopsWithTheRule() async throws {
        try await runInChildProcess(
            .lockTakenAgainOnItsThread, expectingCrash: true,
            crashMessage: "OnKit: a lock was taken again by the thread that holds it")
    }
    #endif

    // MARK: Sends take no lock because garbage waits

    @Test func aSendTakesNoLockWhileGarbageWaits() async {
        let event = Event<Int, Int>()
        let entered = DispatchSemaphore(value: 0)
        let unblock = DispatchSemaphore(value: 0)
        event.subscribe(blockingOnce(entered: entered, until: unblock))
        let cancelled = event.subscribe { _, _ in }
        spawn { event.send(1, 1) }  // blocks in the first handler, pinning `cancelled`'s handler
        entered.wait()
        cancelled.cancel()
        #expect(event.store.state.withLock { !$0.retiredHandlers.isEmpty }, "the blocked send pins the cancelled handler")

        let releaseLock = DispatchSemaphore(value: 0)
        holdLock(of: event.store, until: releaseLock)
        let sent = Atomic<Int>(0)
        spawn {
            for _ in 0..<1_000 { event.send(2, 2) }
            sent.store(1_000, ordering: .relaxed)
        }
        let finished = await pollUntil(timeout: 10) { sent.load(ordering: .relaxed) == 1_000 }
        releaseLock.signal()
        unblock.signal()
        #expect(finished, "a send waited for the store's lock because something retired was pinned")
    }

    @Test func anAskThatStopsEarlyTakesNoLock() async {
        let decision = Decision<Int, Int, Bool>.all()
        decision += { _, _ in false }
        for _ in 0..<9 { decision += { _, _ in true } }
        let releaseLock = DispatchSemaphore(value: 0)
        holdLock(of: decision.store, until: releaseLock)
        let answers = Atomic<Int>(0)
        spawn {
            for _ in 0..<1_000 where !decision.ask(1, 1) { answers.add(1, ordering: .relaxed) }
        }
        let finished = await pollUntil(timeout: 10) { answers.load(ordering: .relaxed) == 1_000 }
        releaseLock.signal()
        #expect(finished, "an ask that stopped at its first handler took the store's lock")
    }

    @Test func anOwnerFoundGoneAfterAnEarlyStopIsStillReleased() {
        let decision = Decision<Int, Int, Bool>.all()
        decision += { _, _ in false }
        var owner: Screen? = Screen()
        let released = Released()
        let probe = released.probe()
        decision.subscribe(owner: owner!) { _, _, _ in _ = probe; return true }  // Sound: just made.
        owner = nil
        #expect(decision.ask(1, 1) == false)
        #expect(decision.store.count == 1, "the handler whose owner is gone was released by the stopped ask")
        _ = consume probe
        #expect(released.value == 1)
    }

    @Test func aDemandSourceSendTakesNoLock() async {
        let source = DemandSource<Int, Int>(restarts: true, start: { _ in true }, stop: {})
        let calls = Atomic<Int>(0)
        let subscription = source.face.subscribe { _, _ in calls.add(1, ordering: .relaxed) }
        let releaseLock = DispatchSemaphore(value: 0)
        holdLock(of: source.store, until: releaseLock)
        spawn { for _ in 0..<1_000 { source.send(1, 1) } }
        let finished = await pollUntil(timeout: 10) { calls.load(ordering: .relaxed) == 1_000 }
        releaseLock.signal()
        #expect(finished, "a demand source's send took its store's lock")
        subscription.cancel()
    }

    // MARK: A blocked send pins only what it can reach

    @Test func aBlockedSendPinsNeitherLaterHandlersNorMoreThanItsLists() async {
        let event = Event<Int, Int>()
        let entered = DispatchSemaphore(value: 0)
        let unblock = DispatchSemaphore(value: 0)
        event.subscribe(blockingOnce(entered: entered, until: unblock))
        spawn { event.send(1, 1) }
        entered.wait()
        let released = Released()
        let cycles = 20_000
        var mostLists = 0
        for cycle in 0..<cycles {
            let probe = released.probe()
            event.subscribe { _, _ in _ = probe }.cancel()
            if cycle % 1_000 == 0 { mostLists = max(mostLists, event.store.state.withLock { $0.retiredLists.count }) }
        }
        #expect(released.value == cycles, "handlers subscribed after the blocked send began stayed pinned")
        #expect(mostLists <= 1, "more than the blocked send's own list was kept")
        unblock.signal()
    }

    @Test func aHandlerCancelledDuringABlockedSendIsReleasedSoonAfterItEnds() async {
        let event = Event<Int, Int>()
        let entered = DispatchSemaphore(value: 0)
        let unblock = DispatchSemaphore(value: 0)
        event.subscribe(blockingOnce(entered: entered, until: unblock))
        let released = Released()
        let probe = released.probe()
        let pinned = event.subscribe { _, _ in _ = probe }
        _ = consume probe
        spawn { event.send(1, 1) }
        entered.wait()
        pinned.cancel()
        #expect(released.value == 0, "released while a send that began before the cancel could still call it")
        unblock.signal()
        // No further write on the event: the deferred reclaimer frees it.
        #expect(await pollUntil(timeout: 10) { released.value == 1 })
    }

    /// The reclaimer never waits for a store's lock: one store whose lock is held (here by the
    /// test; in a full test run, by `aSendTakesNoLockWhileGarbageWaits`) must not hold up the
    /// release of another store's handler. Before, the reclaimer's thread blocked on the first.
    @Test func aStoreWhoseLockIsHeldDoesNotHoldUpTheReclaimer() async {
        func pinnedCancel(_ event: Event<Int, Int>, _ released: Released) -> DispatchSemaphore {
            let entered = DispatchSemaphore(value: 0)
            let unblock = DispatchSemaphore(value: 0)
            event.subscribe(blockingOnce(entered: entered, until: unblock))
            let probe = released.probe()
            let pinned = event.subscribe { _, _ in _ = probe }
            _ = consume probe
            spawn { event.send(1, 1) }
            entered.wait()
            pinned.cancel()  // pinned by the blocked send: the store registers with the reclaimer
            return unblock
        }
        let busy = Event<Int, Int>()
        let busyReleased = Released()
        let busyUnblock = pinnedCancel(busy, busyReleased)
        let releaseLock = DispatchSemaphore(value: 0)
        holdLock(of: busy.store, until: releaseLock)
        let other = Event<Int, Int>()
        let released = Released()
        let unblock = pinnedCancel(other, released)
        unblock.signal()
        let freed = await pollUntil(timeout: 5) { released.value == 1 }
        releaseLock.signal()
        busyUnblock.signal()
        #expect(freed, "the reclaimer waited for another store's lock")
        #expect(await pollUntil(timeout: 10) { busyReleased.value == 1 }, "the busy store was not asked again")
    }

    // MARK: Local stores reclaim on their own thread

    @Test func aLocalStoresSelfCancelledHandlerIsReleasedOnItsThreadWhenTheSendEnds() {
        /// Where the capture was released, and the subscription the handler cancels.
        final class Record: Sendable {
            let releasedOn = Mutex<pthread_t?>(nil)
            let subscription = Mutex<EventSubscription?>(nil)
        }
        let store = HandlerStore<Int, Int, Void>(local: ())
        let record = Record()
        let probe = DeinitProbe { record.releasedOn.withLock { $0 = pthread_self() } }
        let subscription = store.insert(.plain { [probe] _, _ in
            _ = probe
            _ = record.subscription.withLock { $0 }?.cancel()
        })
        record.subscription.withLock { $0 = subscription }
        _ = consume probe
        store.invokeEach(1, 1) { _ in true }
        let thread = record.releasedOn.withLock { $0 }
        #expect(thread != nil, "the cancelled handler was not released when the send that held it ended")
        if let thread { #expect(pthread_equal(thread, pthread_self()) != 0) }
    }

    // MARK: Thread records go with their thread

    #if os(Linux)
    @Test func aThreadThatExitsInsideAHandlerPinsNothingAfterwards() throws {
        let event = Event<Int, Int>()
        final class Adoption: Sendable { let value = Mutex<UInt64?>(nil) }
        let seen = Adoption()
        event.subscribe { _, value in
            guard value == 1 else { return }
            seen.value.withLock { $0 = ReadHazards.currentAdoption }
            pthread_exit(nil)
        }
        try runPThread { event.send(0, 1) }
        let exited = try #require(seen.value.withLock { $0 })
        #expect(!ReadHazards.isLive(adoption: exited), "the exited thread's record is still scanned")
        let released = Released()
        let probe = released.probe()
        let subscription = event.subscribe { _, _ in _ = probe }
        _ = consume probe
        subscription.cancel()
        #expect(released.value == 1, "the dead send's slot still pins this event's handlers")
    }
    #endif

    @Test func exitedThreadsLeaveNoRecordBehind() throws {
        final class Adoptions: Sendable { let values = Mutex<[UInt64]>([]) }
        let event = Event<Int, Int>()
        event.subscribe { _, _ in }
        let adoptions = Adoptions()
        for _ in 0..<50 {
            try runPThread {
                event.send(0, 0)
                if let adoption = ReadHazards.currentAdoption { adoptions.values.withLock { $0.append(adoption) } }
            }
        }
        let seen = adoptions.values.withLock { $0 }
        #expect(seen.count == 50)
        #expect(seen.allSatisfy { !ReadHazards.isLive(adoption: $0) }, "an exited thread's record is still scanned")
    }

    @Test(.disabled(if: ReadHazards.threadSanitizerIsActive, "the sanitizer ends threads in the last destructor round"))
    func aSendFromAThreadsLastDestructorRoundLeavesNoRecordBehind() throws {
        let event = Event<Int, Int>()
        let calls = Atomic<Int>(0)
        event.subscribe { _, _ in calls.add(1, ordering: .relaxed) }
        event.send(0, 0)  // OnKit's key exists before the one below: its destructor runs first
        var created = pthread_key_t()
        #expect(pthread_key_create(&created, lateSender) == 0)
        let key = created
        defer { pthread_key_delete(key) }
        let context = LateSenderContext(event: event, key: key)
        try runPThread { pthread_setspecific(key, Unmanaged.passRetained(context).toOpaque()) }
        #expect(calls.load(ordering: .relaxed) == 5, "each destructor round sent once")
        let adoptions = context.adoptions.withLock { $0 }
        #expect(!adoptions.isEmpty, "the first destructor round's send adopted a record")
        #expect(adoptions.allSatisfy { !ReadHazards.isLive(adoption: $0) }, "a send in a destructor round kept a record")
    }

    /// Runs `body` on a new POSIX thread and joins it (so the thread's key destructors have run).
    private func runPThread(_ body: @escaping @Sendable () -> Void) throws {
        final class Body: Sendable {
            let run: @Sendable () -> Void
            init(_ run: @escaping @Sendable () -> Void) { self.run = run }
        }
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let status = pthread_create(&thread, nil, { raw in
            // Sound: `raw` is the retained `Body` passed below, taken back once.
            let body = Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue()
            body.run()
            return nil
        }, context)
        try #require(status == 0)
        #if canImport(Glibc)
        pthread_join(thread, nil)
        #else
        pthread_join(thread!, nil)  // Sound: pthread_create succeeded, so it set the thread.
        #endif
    }
}

/// What `lateSender` sends on, and the key it sets itself under again.
final class LateSenderContext: Sendable {
    let event: Event<Int, Int>
    let key: pthread_key_t
    let rounds = Atomic<Int>(0)
    /// The adoption of the record each round's send used, where the thread still had one.
    let adoptions = Mutex<[UInt64]>([])
    init(event: Event<Int, Int>, key: pthread_key_t) { (self.event, self.key) = (event, key) }
}

/// A key destructor that sends once per round, for every round a thread's destructors run (it
/// sets its key again, as long as the system runs another round).
private let lateSender: @convention(c) (UnsafeMutableRawPointer?) -> Void = { raw in
    guard let raw else { return }
    // Sound: the value is the retained context set by the test; it is taken back in the last round.
    let context = Unmanaged<LateSenderContext>.fromOpaque(raw).takeUnretainedValue()
    let round = context.rounds.add(1, ordering: .relaxed).newValue
    context.event.send(round, round)
    if let adoption = ReadHazards.currentAdoption { context.adoptions.withLock { $0.append(adoption) } }
    if round < 4 {
        pthread_setspecific(context.key, raw)
    } else {
        Unmanaged<LateSenderContext>.fromOpaque(raw).release()
    }
}

#if os(Linux)
extension ChildScenario {
    /// Owners whose `deinit` ends the `Lifetime` holding their subscription, dropped by one
    /// thread while another subscribes to the same event: an owner loaded under the store's
    /// lock, then released there, would cancel under that lock and hang (or, in DEBUG, stop).
    static let ownerDeinitEndsLifetimeDuringSubscribes = ChildScenario(name: "ownerDeinitEndsLifetimeDuringSubscribes") {
        let event = Event<Int, Int>()
        let stop = Atomic<Bool>(false)
        let subscribes = Atomic<Int>(0)
        let screens = Mutex<[SoundCoreTests.Screen]>([])
        for _ in 0..<1_000 {
            let screen = SoundCoreTests.Screen()
            event.subscribe(owner: screen) { _, _, _ in }.store(in: screen.lifetime)
            screens.withLock { $0.append(screen) }
        }
        Thread {
            // Drops owners one by one, and makes new ones, so that deinits keep happening.
            while !stop.load(ordering: .relaxed) {
                let dropped = screens.withLock { $0.isEmpty ? nil : $0.removeFirst() }
                _ = consume dropped  // the owner's last strong reference, unless a check holds one
                let screen = SoundCoreTests.Screen()
                event.subscribe(owner: screen) { _, _, _ in }.store(in: screen.lifetime)
                screens.withLock { $0.append(screen) }
            }
        }.start()
        Thread {
            while !stop.load(ordering: .relaxed) {
                event.subscribe { _, _ in }.cancel()
                subscribes.add(1, ordering: .relaxed)
            }
        }.start()
        let deadline = Date().addingTimeInterval(4)
        var last = 0
        while Date() < deadline {
            usleep(200_000)
            let now = subscribes.load(ordering: .relaxed)
            if now == last { return ["subscribes stopped: a thread hangs (user code ran under the store's lock)"] }
            last = now
        }
        stop.store(true, ordering: .relaxed)
        return []
    }

    /// A demand source whose `stop` releases what ends the source (a notification observer's
    /// sentinel does this when its center is gone): `end()` from inside `stop`.
    static let stopThatEndsItsOwnSource = ChildScenario(name: "stopThatEndsItsOwnSource") {
        final class SourceReference: Sendable {
            let source = Mutex<DemandSource<Int, Int>?>(nil)
        }
        let reference = SourceReference()
        let stops = Atomic<Int>(0)
        let source = DemandSource<Int, Int>(restarts: true, start: { _ in true }, stop: {
            stops.add(1, ordering: .relaxed)
            reference.source.withLock { $0 }?.end()
        })
        reference.source.withLock { $0 = source }
        let subscription = source.face.subscribe { _, _ in }
        subscription.cancel()  // the last handler goes: `stop`, which ends the source
        var failures: [String] = []
        if stops.load(ordering: .relaxed) != 1 { failures.append("stop ran \(stops.load(ordering: .relaxed)) times") }
        if !source.hasEnded { failures.append("the source did not end") }
        if source.face.subscribe({ _, _ in }).isActive { failures.append("an ended source accepted a handler") }
        reference.source.withLock { $0 = nil }
        return failures
    }

    /// A lock taken again on the thread that holds it (what a `deinit` under a lock does).
    static let lockTakenAgainOnItsThread = ChildScenario(name: "lockTakenAgainOnItsThread") {
        let lock = Locked(0)
        lock.withLock { _ in lock.withLock { $0 += 1 } }
        return ["the lock was taken twice by one thread and the program went on"]
    }
}
#endif
