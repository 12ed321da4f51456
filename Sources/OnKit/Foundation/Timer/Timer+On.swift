import Foundation

// `Timer` is an `NSObject` (on Linux too), so it has `on` already.

extension Timer {
    /// Makes a repeating Foundation timer whose fires go to the handlers of `timer.on.tick`.
    ///
    /// Foundation's `Timer` takes its block when it is made, so this is the entry point: the
    /// timer's own block only forwards to `on.tick`, which takes any number of handlers. Schedule
    /// it as any timer. It fires only while its run loop runs that mode: on Linux nothing runs a
    /// run loop unless you do (`RunLoop.main.run()`, or a thread of your own); `DispatchTimer`
    /// needs none.
    ///
    /// ```swift
    /// let timer = try Timer.on(every: 1)
    /// timer.on.tick { timer in print("tick") }
    /// RunLoop.main.add(timer, forMode: .common)
    /// // …
    /// timer.on.invalidate()   // stops it and releases the handlers
    /// ```
    ///
    /// No target, and nothing that keeps one: the block captures only the handler list, and the
    /// handlers get the timer as an argument. They are released when cancelled, by
    /// `timer.on.invalidate()`, or when the timer is deallocated — which on Linux never happens:
    /// swift-corelibs-foundation does not deallocate a block-based `Timer`, even invalidated
    /// (seen with Swift 6.3.1). So stop it with `timer.on.invalidate()`, which also lets go of
    /// the handlers, or cancel their subscriptions.
    ///
    /// - Throws: `TimerError.invalidInterval` for an interval outside
    ///   `0 < interval ≤ DispatchTimer.maximumSeconds`.
    public static func on(every interval: TimeInterval) throws(TimerError) -> Timer {
        guard interval > 0, interval <= DispatchTimer.maximumSeconds else {
            throw .invalidInterval(interval)
        }
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
}

extension On where Base: Timer {
    /// The timer's fires: handlers get the timer, on the thread whose run loop fires it, in the
    /// order added; a handler may `invalidate()` the timer.
    ///
    /// ```swift
    /// timer.on.tick { timer in print("tick") }
    /// timer.on.tick(owner: clockView) { clockView, timer, _ in clockView.refresh() }
    /// ```
    ///
    /// A timer that has finished (invalidated, or a one-shot timer that has fired) never fires
    /// again: registering on it, as on any finished OnKit source, returns a subscription that is
    /// already inactive (`isActive == false`, `cancel()` returns `false`), and the handler is
    /// released at once — it is never kept and never called. The same holds for a timer not
    /// made by `Timer.on(every:)` or `Timer.on(after:)`: Foundation has no way to observe the
    /// fires of another timer, so for OnKit it is a source that never sends, and a handler
    /// given to it is refused rather than silently kept. (Check `subscription.isActive` to
    /// tell.)
    public var tick: ReadOnlyEvent<Base, Void> {
        guard let event = existingValue(for: TimerTicks.key)??.event else { return .finished }
        // `on.invalidate()` finishes the event itself; this lets go of the handlers a plain
        // `invalidate()` left behind (the timer would never release them on Linux).
        if !base.isValid { event.readOnly.store.finish() }
        return event.readOnly.sent(as: Base.self)
    }

    /// Invalidates the timer and releases every tick handler now; later registrations are
    /// inactive. Like `Timer.invalidate()`, call it on the thread whose run loop runs the timer
    /// (a tick handler may).
    ///
    /// Prefer it to `invalidate()` alone: on Linux the timer is never deallocated (see
    /// `Timer.on(every:)`), and handlers left registered would live as long as the process.
    public func invalidate() {
        base.invalidate()
        existingValue(for: TimerTicks.key)??.event?.readOnly.store.finish()
    }
}

/// The plumbing of `Timer.on(every:)`: the tick event, owned by the timer's block.
enum TimerTicks {
    /// Where `timer.on.tick` finds the event: a weak reference, so that the handlers go with
    /// the timer's block (that is, with the timer), not later with the host storage.
    static let key = AssociationKey<WeakTickEvent?>("Timer.tick")

    static func makeTimer(interval: TimeInterval, repeats: Bool) -> Timer {
        let event = Event<Timer, Void>()
        let timer = Timer(timeInterval: interval, repeats: repeats) { timer in event.send(timer) }
        timer.on[key] = WeakTickEvent(event)
        return timer
    }
}

/// A weak reference to a timer's tick event.
final class WeakTickEvent: Sendable {
    weak let event: Event<Timer, Void>?

    init(_ event: Event<Timer, Void>) {
        self.event = event
    }
}
