import Dispatch
import Foundation

/// A repeating or one-shot timer on a Dispatch queue, cancelled through its `Subscription`.
///
/// ```swift
/// let ticking = try DispatchTimer.every(0.5) { timer in
///     print("tick", timer.fireCount)
///     if timer.fireCount == 10 { timer.cancel() }   // a timer can stop itself
/// }
/// try DispatchTimer.after(2) { _ in print("two seconds later") }
/// ticking.cancel()
/// ```
///
/// ## `DispatchTimer` or Foundation's `Timer`
/// A Foundation `Timer` (OnKit has `Timer.on(every:)` with `timer.on.tick` for it) fires only
/// while a `RunLoop` runs its mode; on Linux nothing runs the run loop of a background thread,
/// nor the main one unless the program calls `RunLoop.main.run()`. A `DispatchTimer` needs no
/// run loop: it is a `DispatchSourceTimer`. Nor does it have a target: nothing is retained but
/// the handler, and that only until cancel.
///
/// ## Semantics
/// - The handler gets the timer, so it can read `fireCount` or `cancel()` it; it runs on
///   `queue`, one call at a time (a Dispatch source never overlaps its own handler).
/// - A repeating timer first fires one `interval` after it starts; a one-shot timer fires once
///   after `delay` and is finished (`isActive == false`) when its handler runs.
/// - `cancel()` (on the timer or its subscription) stops it: no call starts afterwards, and the
///   handler — with everything it captured — is released before `cancel()` returns (a call
///   already running on the queue finishes first and then lets go of it).
/// - Discarding the `Subscription` does not stop the timer (as with every OnKit event): a
///   repeating timer runs until cancelled — by the handler, a `Lifetime`, or `cancel()`. The
///   running timer keeps itself alive; the subscription holds it weakly.
public final class DispatchTimer: Sendable {
    /// The handler: gets the timer that fired.
    public typealias Handler = @Sendable (DispatchTimer) -> Void

    private struct State {
        var handler: Handler?
        var fireCount = 0
    }

    /// The repeating interval in seconds; `nil` for a one-shot timer.
    public let interval: TimeInterval?
    private let state: Locked<State>
    private let source: DispatchSourceHandle

    /// Makes a suspended timer; `start()` resumes it.
    private init(
        delay: TimeInterval,
        interval: TimeInterval?,
        leeway: DispatchTimeInterval,
        queue: DispatchQueue,
        handler: @escaping Handler
    ) {
        self.interval = interval
        state = Locked(State(handler: handler))
        let timerSource = DispatchSource.makeTimerSource(queue: queue)
        timerSource.schedule(
            deadline: .now() + delay,
            repeating: interval.map { .nanoseconds(Int(($0 * 1e9).rounded())) } ?? .never,
            leeway: leeway
        )
        source = DispatchSourceHandle(timerSource)
        // The source holds the timer through this handler until the source is cancelled: a
        // running timer keeps itself alive, and cancelling breaks the cycle.
        timerSource.setEventHandler { self.fire() }
    }

    /// Starts a timer that calls `handler` every `interval` seconds, first after one interval.
    ///
    /// - Parameters:
    ///   - interval: seconds between fires; greater than zero, at most `maximumSeconds`.
    ///   - leeway: how late Dispatch may fire to save power; zero by default.
    ///   - queue: where the handler runs.
    /// - Returns: the subscription; cancelling it stops the timer.
    /// - Throws: `TimerError.invalidInterval` for an interval outside `0 < interval ≤ maximumSeconds`
    ///   (NaN and infinity included).
    @discardableResult
    public static func every(
        _ interval: TimeInterval,
        leeway: DispatchTimeInterval = .nanoseconds(0),
        queue: DispatchQueue = .global(),
        _ handler: @escaping Handler
    ) throws(TimerError) -> Subscription {
        guard interval > 0, interval <= maximumSeconds else { throw .invalidInterval(interval) }
        let timer = DispatchTimer(
            delay: interval, interval: interval, leeway: leeway, queue: queue, handler: handler
        )
        return timer.start()
    }

    /// Starts a timer that calls `handler` once, `delay` seconds from now.
    ///
    /// - Throws: `TimerError.invalidDelay` for a delay that is not in `0 ≤ delay ≤ maximumSeconds`.
    @discardableResult
    public static func after(
        _ delay: TimeInterval,
        leeway: DispatchTimeInterval = .nanoseconds(0),
        queue: DispatchQueue = .global(),
        _ handler: @escaping Handler
    ) throws(TimerError) -> Subscription {
        guard delay >= 0, delay <= maximumSeconds else { throw .invalidDelay(delay) }
        let timer = DispatchTimer(delay: delay, interval: nil, leeway: leeway, queue: queue, handler: handler)
        return timer.start()
    }

    /// The longest interval or delay: about 146 years, so that nanoseconds fit in an `Int64`.
    public static let maximumSeconds: TimeInterval = Double(Int64.max / 2) / 1e9

    /// How many times the timer has fired, the current call included.
    public var fireCount: Int { state.withLock { $0.fireCount } }

    /// Whether the timer will still fire: false once cancelled, and for a one-shot timer once
    /// it has fired.
    public var isActive: Bool { state.withLock { $0.handler != nil } }

    /// Stops the timer and releases its handler. Idempotent and thread-safe; callable from the
    /// handler itself.
    ///
    /// - Returns: `true` if this call stopped it; `false` if it had already stopped.
    @discardableResult
    public func cancel() -> Bool {
        let handler = state.withLock { state in
            let taken = state.handler
            state.handler = nil
            return taken
        }
        guard handler != nil else { return false }
        source.cancel()
        return true  // the handler is released here, after the lock
    }

    private func start() -> Subscription {
        source.source.resume()
        return Subscription(token: makeSubscriptionToken(), slot: 0, source: self)
    }

    private func fire() {
        let repeats = interval != nil
        let handler: Handler? = state.withLock { state in
            guard let handler = state.handler else { return nil }
            state.fireCount += 1
            if !repeats { state.handler = nil }  // a one-shot timer is finished once it fires
            return handler
        }
        guard let handler else { return }
        if !repeats { source.cancel() }
        handler(self)
    }
}

extension DispatchTimer: SubscriptionSource {
    @usableFromInline
    func remove(token: UInt64, slot: Int) -> Bool { cancel() }

    @usableFromInline
    func isActive(token: UInt64, slot: Int) -> Bool { isActive }
}
