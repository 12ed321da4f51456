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
    /// try timer.on.tick { timer in print("tick") }
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
    /// Adds a handler called with the timer on each fire, on the thread whose run loop fires it.
    ///
    /// The handler may `invalidate()` the timer. Several handlers run in the order added.
    ///
    /// A timer that has finished (invalidated, or a one-shot timer that has fired) never fires
    /// again: registering on it, as on any finished OnKit source, returns a subscription that is
    /// already inactive (`isActive == false`, `cancel()` returns `false`), and `handler` is
    /// released at once — it is never kept and never called.
    ///
    /// - Returns: the subscription; cancelling it removes this handler (the timer runs on).
    /// - Throws: `TimerError.notMadeByOnKit` for a timer not made by `Timer.on(every:)` or
    ///   `Timer.on(after:)`: Foundation has no way to observe the fires of another timer, and a
    ///   handler that would never run is refused rather than silently lost.
    @discardableResult
    public func tick(_ handler: @escaping @Sendable (Timer) -> Void) throws(TimerError) -> Subscription {
        try subscribeWhileValid { event in event.subscribe { timer, _ in handler(timer) } }
    }

    /// Adds a handler bound to `owner`, held weakly and handed back; see `Event.subscribe(owner:_:)`.
    ///
    /// On a finished timer it returns an inactive subscription and releases `handler` at once,
    /// as `tick(_:)`.
    ///
    /// - Throws: `TimerError.notMadeByOnKit`, as `tick(_:)`.
    @discardableResult
    public func tick<Owner: AnyObject & Sendable>(
        owner: Owner,
        _ handler: @escaping @Sendable (Owner, Timer) -> Void
    ) throws(TimerError) -> Subscription {
        try subscribeWhileValid { event in
            event.subscribe(owner: owner) { owner, timer, _ in handler(owner, timer) }
        }
    }

    /// Invalidates the timer and releases every tick handler now. Like `Timer.invalidate()`,
    /// call it on the thread whose run loop runs the timer (a tick handler may).
    ///
    /// Prefer it to `invalidate()` alone: on Linux the timer is never deallocated (see
    /// `Timer.on(every:)`), and handlers left registered would live as long as the process.
    public func invalidate() {
        base.invalidate()
        existingValue(for: TimerTicks.key)??.event?.removeAll()
    }

    /// Subscribes through `subscribe` while the timer is valid; on a finished timer, returns an
    /// inactive subscription without calling it (so its handler is released on return).
    private func subscribeWhileValid(
        _ subscribe: (Event<Timer, Void>) -> Subscription
    ) throws(TimerError) -> Subscription {
        guard let event = existingValue(for: TimerTicks.key)??.event else { throw .notMadeByOnKit }
        guard base.isValid else {
            // Handlers left by a plain `invalidate()` would otherwise live as long as the
            // process on Linux (the timer is never deallocated there): let them go too.
            event.removeAll()
            return TimerTicks.finished()
        }
        let subscription = subscribe(event)
        // Invalidated by another thread between the check and the subscribe: `on.invalidate()`
        // clears isValid before the handlers, so either its `removeAll()` or this check sees
        // the new handler.
        if !base.isValid { subscription.cancel() }
        return subscription
    }
}

/// The plumbing of `Timer.on(every:)`: the tick event, owned by the timer's block.
enum TimerTicks {
    /// Where `timer.on.tick` finds the event: a weak reference, so that the handlers go with
    /// the timer's block (that is, with the timer), not later with the host storage.
    static let key = AssociationKey<WeakTickEvent?>("Timer.tick")

    /// The subscription returned for a registration on a finished timer: already inactive.
    static func finished() -> Subscription {
        let subscription = Subscription(onCancel: {})
        subscription.cancel()
        return subscription
    }

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
