import Foundation

extension Timer {
    /// Makes a repeating Foundation timer whose fires go to the handlers of `timer.on.tick`.
    ///
    /// A `Timer` takes its block when it is made, so this is the entry point. Schedule it as any
    /// timer: it fires while its run loop runs (on Linux only if you run one; `DispatchTimer`
    /// needs none).
    ///
    /// ```swift
    /// let timer = try Timer.on(every: 1)
    /// timer.on.tick { print("tick") }
    /// RunLoop.main.add(timer, forMode: .common)
    /// // …
    /// timer.on.invalidate()               // stops it and releases the handlers
    /// ```
    ///
    /// The handlers get the timer as an argument; nothing keeps a target. They are released when
    /// cancelled, by `timer.on.invalidate()`, or with the timer — never on Linux, where a
    /// block-based `Timer` is not deallocated (Swift 6.3.1): stop it with `on.invalidate()`.
    ///
    /// - Throws: `TimerError.invalidInterval` for an interval outside
    ///   `0 < interval ≤ DispatchTimer.maximumSeconds`.
    public static func on(every interval: TimeInterval) throws(TimerError) -> Timer {
        guard interval > 0, interval <= DispatchTimer.maximumSeconds else { throw .invalidInterval(interval) }
        return TimerTicks.makeTimer(interval: interval, repeats: true)
    }

    /// Makes a one-shot Foundation timer, firing `delay` seconds after it is scheduled, whose fire
    /// goes to the handlers of `timer.on.tick`; see `on(every:)`.
    ///
    /// - Throws: `TimerError.invalidDelay` for a delay outside `0 ... DispatchTimer.maximumSeconds`.
    public static func on(after delay: TimeInterval) throws(TimerError) -> Timer {
        guard delay >= 0, delay <= DispatchTimer.maximumSeconds else { throw .invalidDelay(delay) }
        return TimerTicks.makeTimer(interval: delay, repeats: false)
    }

    /// Makes a repeating timer, schedules it on the main run loop (common modes) and calls
    /// `handler` on the main actor at every fire, so it may touch main-actor state:
    /// `ticking = try Timer.on(every: 1, on: MainActor.self) { timer in clock.refresh() }`. Returns
    /// the timer: `timer.on.invalidate()` stops it; the run loop keeps a running timer, so
    /// discarding it warns. Otherwise as `on(every:)`.
    ///
    /// Only the main run loop runs main-actor handlers: no other spelling takes them. On Linux,
    /// where the main run loop fires only while the program runs it (`RunLoop.main.run()`), the
    /// main queue fires the timer (`fire()`) while the run loop does not run, so it fires under
    /// `dispatchMain()` too; there its tolerance and `fireDate` changes are not followed.
    @MainActor
    public static func on(
        every interval: TimeInterval, on _: MainActor.Type, _ handler: @escaping @MainActor @Sendable (Timer) -> Void
    ) throws(TimerError) -> Timer {
        TimerTicks.scheduledOnMainRunLoop(try on(every: interval), handler)
    }

    /// Makes a one-shot timer on the main run loop, firing `delay` seconds from now, calling
    /// `handler` on the main actor; see `on(every:on:_:)`.
    @MainActor @discardableResult
    public static func on(
        after delay: TimeInterval, on _: MainActor.Type, _ handler: @escaping @MainActor @Sendable (Timer) -> Void
    ) throws(TimerError) -> Timer {
        TimerTicks.scheduledOnMainRunLoop(try on(after: delay), handler)
    }

    /// Makes a repeating timer on the main run loop calling `handler` on the main actor; see
    /// `on(every:on:_:)`: `ticking = try Timer.on(every: 1, on: MainActor.self) { clock.refresh() }`.
    @MainActor
    public static func on(
        every interval: TimeInterval, on _: MainActor.Type, _ handler: @escaping @MainActor @Sendable () -> Void
    ) throws(TimerError) -> Timer {
        try on(every: interval, on: MainActor.self) { _ in handler() }
    }

    /// Makes a one-shot timer on the main run loop calling `handler` on the main actor; see
    /// `on(every:on:_:)`: `Timer.on(after: 2, on: MainActor.self) { self.banner.hide() }`.
    @MainActor @discardableResult
    public static func on(
        after delay: TimeInterval, on _: MainActor.Type, _ handler: @escaping @MainActor @Sendable () -> Void
    ) throws(TimerError) -> Timer {
        try on(after: delay, on: MainActor.self) { _ in handler() }
    }
}

extension On where Base: Timer {
    /// The timer's fires: handlers get the timer, on the thread whose run loop fires it, in the
    /// order added; a handler may `invalidate()` the timer:
    /// `timer.on.tick(owner: clockView) { clockView in clockView.refresh() }`.
    ///
    /// On a finished timer (invalidated, or a fired one-shot), and on one not made by
    /// `Timer.on(every:)`/`on(after:)` (whose fires Foundation cannot observe), a registration
    /// is refused, as on any finished source.
    public var tick: ReadOnlyEvent<Base, Void> {
        guard let event = existingValue(for: TimerTicks.key)??.object else { return .finished }
        // `on.invalidate()` finishes the event itself; this lets go of the handlers a plain
        // `invalidate()` left behind (the timer would never release them on Linux).
        if !base.isValid { event.readOnly.store.finish() }
        return event.readOnly.sent(as: Base.self)
    }

    /// Invalidates the timer and releases every tick handler now; later registrations are
    /// inactive. Call it where you would call `invalidate()` (on Linux, see `Timer.on(every:)`).
    public func invalidate() {
        base.invalidate()
        existingValue(for: TimerTicks.key)??.object?.readOnly.store.finish()
    }
}

/// The plumbing of `Timer.on(every:)`: the tick event, owned by the timer's block.
enum TimerTicks {
    /// Where `timer.on.tick` finds the event: a weak reference, so that the handlers go with
    /// the timer's block (that is, with the timer), not later with the host storage.
    static let key = AssociationKey<WeakReference<Event<Timer, Void>>?>("Timer.tick")

    static func makeTimer(interval: TimeInterval, repeats: Bool) -> Timer {
        let event = Event<Timer, Void>()
        let timer = Timer(timeInterval: interval, repeats: repeats) { timer in event.send(timer) }
        timer.on[key] = WeakReference(event)
        return timer
    }

    /// Subscribes `handler` to `timer`'s ticks and schedules it on the main run loop, whose fires
    /// run on the main thread: the main actor's (see `onMainQueue`). `@MainActor` because
    /// `RunLoop` is not thread-safe: the main one is touched only from its own thread.
    @MainActor
    static func scheduledOnMainRunLoop(_ timer: Timer, _ handler: @escaping @MainActor @Sendable (Timer) -> Void) -> Timer {
        timer.on.tick.subscribe(onMainQueue { timer, _ in handler(timer) })
        RunLoop.main.add(timer, forMode: .common)
        #if !canImport(ObjectiveC)
        firedOnMainQueueWhileTheRunLoopIsIdle(timer)
        #endif
        return timer
    }

    #if !canImport(ObjectiveC)
    /// On Linux nothing runs the main run loop unless the program does (`dispatchMain()` runs
    /// the main queue only): a Dispatch timer on the main queue fires `timer` at its interval
    /// whenever the main run loop is not running there (when it runs, it fires the timer itself),
    /// and stops once the timer is invalid.
    @MainActor
    private static func firedOnMainQueueWhileTheRunLoopIsIdle(_ timer: Timer) {
        let repeats = timer.timeInterval > 0  // 0 for a one-shot timer (Foundation)
        let delay = max(timer.fireDate.timeIntervalSinceNow, 0)
        let source = DispatchSource.makeTimerSource(queue: .main)
        let interval = timer.timeInterval
        source.schedule(
            deadline: .now() + delay,
            repeating: repeats ? .nanoseconds(Int((interval * 1e9).rounded())) : .never)
        let watched = TimerOnMainQueue(timer: timer, source: DispatchSourceHandle(source))
        source.setEventHandler { MainActor.assumeIsolated { watched.tick(repeats: repeats) } }
        source.resume()
    }
    #endif
}

#if !canImport(ObjectiveC)
/// A `Timer` fired by the main queue (Linux, see `firedOnMainQueueWhileTheRunLoopIsIdle`): holds
/// the timer weakly, and its Dispatch source until the timer is invalid.
@MainActor
private final class TimerOnMainQueue {
    weak var timer: Timer?
    let source: DispatchSourceHandle

    init(timer: Timer, source: DispatchSourceHandle) {
        self.timer = timer
        self.source = source
    }

    func tick(repeats: Bool) {
        guard let timer, timer.isValid else { return source.cancel() }
        // The main run loop runs on this thread now: it fires the timer itself.
        if Thread.isMainThread, RunLoop.main.currentMode != nil { return }
        timer.fire()
        if !repeats {
            timer.invalidate()
            source.cancel()
        }
    }
}
#endif
