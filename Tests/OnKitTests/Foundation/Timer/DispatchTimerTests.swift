import Dispatch
import Foundation
import Testing
import OnKit

@Suite struct DispatchTimerTests {
    @Test func oneShotTimerFiresExactlyOnce() async throws {
        let fires = Counter()
        let ticking = try DispatchTimer.after(0.01) { _ in fires.increment() }
        #expect(await pollUntil { fires.value == 1 }, "the one-shot timer never fired")
        await settle()
        #expect(fires.value == 1)
        #expect(!ticking.isActive)
    }

    @Test func repeatingTimerHandlerGetsTheTimerAndCanCancelItself() async throws {
        let fires = Recorder<Int>()
        let intervals = Recorder<Double?>()
        let ticking = try DispatchTimer.every(0.005) { timer in
            fires.append(timer.fireCount)
            intervals.append(timer.interval)
            if timer.fireCount == 3 { #expect(timer.cancel()) }
        }
        #expect(await pollUntil { fires.count == 3 }, "the timer fired \(fires.count) times, not 3")
        await settle()
        #expect(fires.values == [1, 2, 3])
        #expect(intervals.values == [0.005, 0.005, 0.005])
        #expect(!ticking.isActive)
        #expect(!ticking.cancel())  // already stopped by its handler
    }

    @Test func repeatingTimerStopsWhenCancelled() async throws {
        let fires = Counter()
        var captured: Tracked? = Tracked()
        weak let weakCaptured = captured
        let ticking = try DispatchTimer.every(0.002) { [captured] _ in
            _ = captured
            fires.increment()
        }
        captured = nil
        #expect(await pollUntil { fires.value >= 3 }, "the timer fired only \(fires.value) times")
        #expect(ticking.cancel())
        #expect(!ticking.isActive)
        // A call already running when cancel() ran may still finish; once the handler is
        // released, none is running.
        #expect(await pollUntil { weakCaptured == nil })
        let afterCancel = fires.value
        await settle()
        #expect(fires.value == afterCancel)
    }

    @Test func aDiscardedTimerKeepsRunningUntilItIsCancelled() async throws {
        let fires = Counter()
        weak let weakTimer = await withCheckedContinuation { continuation in
            _ = try? DispatchTimer.every(0.002) { timer in
                fires.increment()
                guard fires.value == 5 else { return }
                timer.cancel()
                continuation.resume(returning: timer)
            }
        }
        #expect(fires.value == 5)
        await settle()
        #expect(fires.value == 5)
        // Once cancelled nothing keeps the timer: Dispatch lets go of its handler.
        #expect(await pollUntil { weakTimer == nil }, "the cancelled timer was not released")
    }

    @Test func cancelReleasesTheHandlerAndWhatItCaptured() async throws {
        var captured: Tracked? = Tracked()
        weak let weakCaptured = captured
        let fires = Counter()
        let ticking = try DispatchTimer.every(0.002) { [captured] _ in
            _ = captured
            fires.increment()
        }
        captured = nil
        #expect(await pollUntil { fires.value >= 1 })
        #expect(weakCaptured != nil)  // a running timer keeps its handler
        ticking.cancel()
        // At once, unless a call was running on the queue; then as soon as it returns.
        #expect(await pollUntil { weakCaptured == nil }, "the handler outlived cancel()")
    }

    @Test func oneShotTimerReleasesItsHandlerAfterFiring() async throws {
        var captured: Tracked? = Tracked()
        weak let weakCaptured = captured
        let fires = Counter()
        try DispatchTimer.after(0) { [captured] _ in
            _ = captured
            fires.increment()
        }
        captured = nil
        #expect(await pollUntil { fires.value == 1 })
        #expect(await pollUntil { weakCaptured == nil }, "the fired one-shot timer kept its handler")
    }

    @Test func theFormWithAHandlerReturnsTheTimerItStarted() async throws {
        let fires = Counter()
        let ticking = try DispatchTimer.every(0.002) { fires.increment() }
        #expect(await pollUntil { fires.value >= 3 })
        #expect(ticking.fireCount >= 3, "the returned value is the timer that fires")
        #expect(ticking.interval == 0.002)
        #expect(ticking.cancel())
        #expect(!ticking.isActive)
    }

    @Test func aOneShotHandlerWithoutParametersRunsOnce() async throws {
        let fires = Counter()
        let timer = try DispatchTimer.after(0) { fires.increment() }
        #expect(await pollUntil { fires.value == 1 })
        #expect(timer.fireCount == 1)
    }

    @Test @MainActor func onTheMainActorAHandlerMutatesMainActorState() async throws {
        let screen = TickingScreen()
        // No `assumeIsolated`, no `@Sendable` box: the handler is `@MainActor`.
        _ = try DispatchTimer.every(0.002, on: MainActor.self) { timer in
            screen.ticks += 1
            if screen.ticks == 3 { timer.cancel() }
        }
        try DispatchTimer.after(0, on: MainActor.self) { screen.done = true }
        #expect(await pollUntil { screen.ticks == 3 && screen.done })
        await settle()
        #expect(screen.ticks == 3, "cancelled by its handler")
    }

    @Test func handlerRunsOnTheGivenQueue() async throws {
        let queue = DispatchQueue(label: "OnKitTests.timer")
        let key = DispatchSpecificKey<String>()
        queue.setSpecific(key: key, value: "timer queue")
        let labels = Recorder<String?>()
        try DispatchTimer.after(0, on: queue) { _ in labels.append(DispatchQueue.getSpecific(key: key)) }
        #expect(await pollUntil { labels.count == 1 })
        #expect(labels.values == ["timer queue"])
    }

    @Test func ownerIsHeldWeaklyAndItsDeathStopsTheTimer() async throws {
        var owner: Door? = Door("clock")
        weak let weakOwner = owner
        let names = Recorder<String>()
        let subscription = try DispatchTimer.every(0.002).fired(owner: owner!) { owner, _, _ in
            names.append(owner.name)
        }
        #expect(await pollUntil { names.count >= 2 })
        owner = nil
        #expect(await pollUntil { weakOwner == nil }, "the timer kept its owner alive")
        #expect(await pollUntil { !subscription.isActive }, "the timer outlived its owner")
        let namesAtStop = names.count
        await settle()
        #expect(names.count == namesAtStop)
        #expect(Set(names.values) == ["clock"])
    }

    @Test func oneShotTimerSkipsItsHandlerWhenTheOwnerIsGone() async throws {
        var owner: Door? = Door()
        let calls = Counter()
        let subscription = try DispatchTimer.after(0.05).fired(owner: owner!) { _, _, _ in calls.increment() }
        owner = nil
        #expect(await pollUntil { !subscription.isActive })
        await settle()
        #expect(calls.value == 0)
    }

    @Test func aTimerMadeWithoutAHandlerStartsWithItsFirstHandler() async throws {
        let timer = try DispatchTimer.after(0)
        await settle()
        #expect(timer.fireCount == 0, "nothing listened: the timer must not have run")
        #expect(timer.isActive)
        let fires = Counter()
        _ = timer.fired { _ in fires.increment() }
        #expect(await pollUntil { fires.value == 1 })
        #expect(!timer.isActive)
    }

    @Test func severalHandlersShareOneTimerWhichStopsWithTheLast() async throws {
        let timer = try DispatchTimer.every(0.002)
        let plain = Counter()
        let once = Counter()
        let subscription = timer.fired { _ in plain.increment() }
        timer.fired.once { _, _ in once.increment() }
        #expect(await pollUntil { plain.value >= 3 })
        #expect(once.value == 1)
        #expect(timer.isActive)
        #expect(timer.fired -= subscription)
        #expect(!timer.isActive, "its last handler went: the timer stopped")
        let late = timer.fired { _ in plain.increment() }
        #expect(!late.isActive, "a stopped timer refuses handlers")
    }

    @Test(.timeLimit(.minutes(1)))
    func theNextFireCanBeAwaited() async throws {
        let timer = try DispatchTimer.after(0.01)
        try await timer.fired.next()
        #expect(timer.fireCount == 1)
    }

    @Test(arguments: [0, -1, .nan, .infinity, -.infinity, 1e300])
    func invalidIntervalThrows(seconds: Double) {
        #expect(throws: TimerError.self) { try DispatchTimer.every(seconds) { _ in } }
    }

    @Test(arguments: [-0.5, .nan, .infinity, 1e300])
    func invalidDelayThrows(seconds: Double) {
        #expect(throws: TimerError.self) { try DispatchTimer.after(seconds) { _ in } }
    }

    @Test func errorsSayWhatIsWrong() {
        #expect(TimerError.invalidInterval(0).description.contains("interval 0.0"))
        #expect(TimerError.invalidDelay(-1).description.contains("delay -1.0"))
    }
}

/// Main-actor state that main-actor timer handlers change.
@MainActor private final class TickingScreen {
    var ticks = 0
    var done = false
}
