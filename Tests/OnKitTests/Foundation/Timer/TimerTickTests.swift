import Foundation
import Testing
import OnKit

@Suite struct TimerTickTests {
    @Test func everyTickHandlerRunsInOrderOnEachFire() throws {
        let timer = try Timer.on(every: 60)
        let calls = Recorder<String>()
        let first = timer.on.tick { _ in calls.append("first") }
        timer.on.tick { timer in calls.append("second \(timer.timeInterval)") }
        timer.fire()  // Foundation calls the block now, on this thread: no run loop needed
        first.cancel()
        timer.fire()
        #expect(calls.values == ["first", "second 60.0", "second 60.0"])
        timer.on.invalidate()
    }

    @Test func repeatingTimerTicksWhileARunLoopRunsItAndStopsWhenInvalidated() async throws {
        let ticks = Recorder<Int>()
        let handlerReleased = Counter()
        let ran = await runOnARunLoopOfItsOwn {
            let timer = try Timer.on(every: 0.005)
            let probe = DeinitProbe { handlerReleased.increment() }
            let fires = Counter()
            timer.on.tick { [probe] timer in
                _ = probe
                fires.increment()
                ticks.append(fires.value)
                if fires.value == 3 { timer.on.invalidate() }  // a handler can stop its timer
            }
            return timer
        }
        #expect(ran, "the run loop thread did not finish")
        #expect(ticks.values == [1, 2, 3])
        #expect(await pollUntil { handlerReleased.value == 1 }, "on.invalidate() kept the handler")
    }

    @Test func oneShotTimerTicksOnce() async throws {
        let ticks = Counter()
        let ran = await runOnARunLoopOfItsOwn {
            let timer = try Timer.on(after: 0)
            timer.on.tick { _ in ticks.increment() }
            return timer
        }
        #expect(ran, "the one-shot timer did not fire")
        #expect(ticks.value == 1)
    }

    @Test func cancelledHandlerIsReleasedAndOwnerIsHeldWeakly() throws {
        let timer = try Timer.on(every: 60)
        var captured: Tracked? = Tracked()
        weak let weakCaptured = captured
        var owner: Door? = Door("owner")
        weak let weakOwner = owner
        let calls = Recorder<String>()
        let subscription = timer.on.tick { [captured] _ in _ = captured }
        timer.on.tick(owner: owner!) { owner, _, _ in calls.append(owner.name) }
        captured = nil
        timer.fire()
        #expect(calls.values == ["owner"])
        owner = nil
        #expect(weakOwner == nil)
        timer.fire()
        #expect(calls.values == ["owner"])
        #expect(weakCaptured != nil)
        subscription.cancel()
        #expect(weakCaptured == nil)
        timer.on.invalidate()
    }

    @Test func onInvalidateStopsTheTimerAndReleasesEveryHandler() throws {
        let timer = try Timer.on(every: 60)
        var captured: Tracked? = Tracked()
        weak let weakCaptured = captured
        let first = timer.on.tick { [captured] _ in _ = captured }
        let second = timer.on.tick { [captured] _ in _ = captured }
        captured = nil
        timer.on.invalidate()
        #expect(!timer.isValid)
        #expect(weakCaptured == nil)
        #expect(!first.isActive && !second.isActive)
    }

    @Test func tickOnAnInvalidatedTimerIsInactiveAndReleasesTheHandlerAtOnce() throws {
        let timer = try Timer.on(every: 60)
        timer.on.invalidate()
        var captured: Tracked? = Tracked()
        weak let weakCaptured = captured
        var owner: Door? = Door("owner")
        let calls = Counter()
        let plain = timer.on.tick { [captured] _ in
            _ = captured
            calls.increment()
        }
        let owned = timer.on.tick(owner: owner!) { [captured] _, _, _ in
            _ = captured
            calls.increment()
        }
        captured = nil
        owner = nil
        #expect(!plain.isActive && !owned.isActive)
        #expect(!plain.cancel() && !owned.cancel())
        #expect(weakCaptured == nil, "a handler on a finished timer was kept")
        timer.fire()  // an invalid timer does not call its block: nothing to call anyway
        #expect(calls.value == 0)
    }

    @Test func tickAfterAPlainInvalidateReleasesTheHandlersLeftBehind() throws {
        let timer = try Timer.on(every: 60)
        var captured: Tracked? = Tracked()
        weak let weakCaptured = captured
        let earlier = timer.on.tick { [captured] _ in _ = captured }
        captured = nil
        timer.invalidate()  // Foundation's, not `on.invalidate()`: the handler stays registered
        #expect(earlier.isActive)
        let later = timer.on.tick { _ in }
        #expect(!later.isActive)
        #expect(!earlier.isActive)
        #expect(weakCaptured == nil)
    }

    @Test func tickOnATimerNotMadeByOnKitIsInactiveAndReleasesTheHandlerAtOnce() {
        let fires = Counter()
        let timer = Timer(timeInterval: 60, repeats: true) { _ in fires.increment() }
        var captured: Tracked? = Tracked()
        weak let weakCaptured = captured
        let subscription = timer.on.tick { [captured] _ in _ = captured }
        captured = nil
        #expect(!subscription.isActive, "Foundation has no way to observe another timer's fires")
        #expect(!subscription.cancel())
        #expect(weakCaptured == nil, "a handler that could never run was kept")
        timer.fire()
        #expect(fires.value == 1)  // the timer's own block is untouched
        timer.invalidate()
    }

    @Test func tickIsAnEventWithTheWholeSurface() throws {
        let timer = try Timer.on(every: 60)
        let calls = Recorder<String>()
        timer.on.tick.once { _, _ in calls.append("once") }
        let plain = timer.on.tick += { _, _ in calls.append("plain") }
        #expect(timer.on.tick.subscriberCount == 2)
        timer.fire()
        #expect(timer.on.tick -= plain)
        timer.fire()
        #expect(calls.values == ["once", "plain"])
        timer.on.invalidate()
    }

    @Test(.timeLimit(.minutes(1)))
    func awaitingTheNextTickEndsWhenTheTimerIsInvalidated() async throws {
        let timer = try Timer.on(every: 60)
        let ticks = timer.on.tick
        let waiting = Task { try await ticks.next() }
        #expect(await pollUntil { ticks.subscriberCount == 1 })
        timer.on.invalidate()
        await #expect(throws: SourceEndedError.self) { try await waiting.value }
    }

    @Test func invalidIntervalsThrow() {
        #expect(throws: TimerError.invalidInterval(0)) { try Timer.on(every: 0) }
        #expect(throws: TimerError.invalidDelay(-1)) { try Timer.on(after: -1) }
        #expect(throws: TimerError.self) { try Timer.on(every: .nan) }
    }
}

/// Makes a timer on a new thread and runs that thread's run loop until the timer is invalidated
/// (10 s at most): on Linux nothing else would run a run loop for it. Returns whether the
/// thread finished in time.
private func runOnARunLoopOfItsOwn(_ makeTimer: @escaping @Sendable () throws -> Timer) async -> Bool {
    let finished = Counter()
    let thread = Thread {
        do {
            let timer = try makeTimer()
            RunLoop.current.add(timer, forMode: .default)
            let deadline = Date().addingTimeInterval(10)
            while timer.isValid, Date() < deadline {
                _ = RunLoop.current.run(mode: .default, before: Date().addingTimeInterval(0.01))
            }
            if timer.isValid {
                timer.invalidate()
                return  // never finished: the caller's wait fails
            }
        } catch {
            Issue.record("making the timer threw \(error)")
        }
        finished.increment()
    }
    thread.start()
    return await pollUntil(timeout: 15) { finished.value == 1 }
}
