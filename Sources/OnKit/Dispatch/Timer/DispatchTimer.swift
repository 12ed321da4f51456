import Dispatch
import Foundation

/// A repeating or one-shot timer on a Dispatch queue, whose fires are an OnKit event.
///
/// ```swift
/// let ticking = try DispatchTimer.every(0.5) { timer in
///     print("tick", timer.fireCount)
///     if timer.fireCount == 10 { timer.cancel() }   // a timer can stop itself
/// }
/// try DispatchTimer.after(2) { _ in print("two seconds later") }
/// try DispatchTimer.every(1).fired(owner: clockView) { clockView, _, _ in clockView.refresh() }
/// ticking.cancel()
/// ```
///
/// `every(_:)` and `after(_:)` without a handler make the timer; it starts when its first
/// handler subscribes to `fired` (with a handler, they do both). `fired` is an event like any
/// other: `owner:` forms, `once`, `+=`, `values`, `next()`.
///
/// ## `DispatchTimer` or Foundation's `Timer`
/// A Foundation `Timer` (OnKit has `Timer.on(every:)` with `timer.on.tick` for it) fires only
/// while a `RunLoop` runs its mode; on Linux nothing runs the run loop of a background thread,
/// nor the main one unless the program calls `RunLoop.main.run()`. A `DispatchTimer` needs no
/// run loop: it is a `DispatchSourceTimer`. Nor does it have a target: nothing is retained but
/// the handlers, and those only while it runs.
///
/// ## Semantics
/// - Handlers get the timer, so they can read `fireCount` or `cancel()` it; they run on
///   `queue`, one fire at a time (a Dispatch source never overlaps its own handler).
/// - A repeating timer first fires one `interval` after it starts; a one-shot timer fires once
///   after `delay` and is finished (`isActive == false`) when its handlers run.
/// - The timer runs while it has handlers: when the last one goes (cancelled, its owner gone,
///   a `once` handler run) it stops, for good. `cancel()` stops it too. Either way no fire
///   starts afterwards, and the handlers — with everything they captured — are released before
///   `cancel()` returns (a fire already running on the queue finishes first and then lets go
///   of them). A finished timer refuses new handlers: their subscriptions are inactive at once,
///   as for every finished OnKit source.
/// - Discarding the `EventSubscription` does not stop the timer (as with every OnKit event): a
///   repeating timer runs until cancelled — by a handler, a `Lifetime`, or `cancel()`. The
///   running timer keeps itself alive; subscriptions hold it weakly. An owner-bound handler
///   (the fix for Foundation's strong-target trap) never keeps its owner alive, and once the
///   owner is gone the timer stops at its next fire.
public final class DispatchTimer: Sendable {
    /// The handler: gets the timer that fired.
    public typealias Handler = @Sendable (DispatchTimer) -> Void

    /// The repeating interval in seconds; `nil` for a one-shot timer.
    public let interval: TimeInterval?
    private let demand: DemandSource<DispatchTimer, Void>
    /// How many fires so far; whether a one-shot timer has fired.
    private let fires = Locked((count: 0, oneShotFired: false))

    /// Makes a timer that starts when its first handler subscribes.
    private init(delay: TimeInterval, interval: TimeInterval?, leeway: DispatchTimeInterval, queue: DispatchQueue) {
        self.interval = interval
        let timer = TimerReference()
        let running = Locked<DispatchSourceHandle?>(nil)
        demand = DemandSource(restarts: false) { _ in
            // Made here, not before: a source released before it is resumed crashes libdispatch.
            guard let owner = timer.timer else { return false }
            let source = DispatchSource.makeTimerSource(queue: queue)
            source.schedule(
                deadline: .now() + delay,
                repeating: interval.map { .nanoseconds(Int(($0 * 1e9).rounded())) } ?? .never,
                leeway: leeway
            )
            // The source holds the timer through this handler until the source is cancelled: a
            // running timer keeps itself alive, and stopping breaks the cycle.
            source.setEventHandler { owner.fire() }
            running.withLock { $0 = DispatchSourceHandle(source) }
            source.resume()
            return true
        } stop: {
            running.withLock { $0 }?.cancel()
        }
        timer.timer = self
    }

    /// The timer's fires: subscribing the first handler starts it.
    ///
    /// ```swift
    /// let timer = try DispatchTimer.every(1)
    /// timer.fired(owner: clockView) { clockView, timer, _ in clockView.refresh() }
    /// ```
    public var fired: ReadOnlyEvent<DispatchTimer, Void> { demand.face(holding: self) }

    /// Makes a timer that fires every `interval` seconds, first one interval after its first
    /// handler subscribes to `fired`.
    ///
    /// - Parameters:
    ///   - interval: seconds between fires; greater than zero, at most `maximumSeconds`.
    ///   - leeway: how late Dispatch may fire to save power; zero by default.
    ///   - queue: where the handlers run.
    /// - Throws: `TimerError.invalidInterval` for an interval outside `0 < interval ≤ maximumSeconds`
    ///   (NaN and infinity included).
    public static func every(
        _ interval: TimeInterval,
        leeway: DispatchTimeInterval = .nanoseconds(0),
        queue: DispatchQueue = .global()
    ) throws(TimerError) -> DispatchTimer {
        guard interval > 0, interval <= maximumSeconds else { throw .invalidInterval(interval) }
        return DispatchTimer(delay: interval, interval: interval, leeway: leeway, queue: queue)
    }

    /// Starts a timer that calls `handler` every `interval` seconds, first after one interval;
    /// see `every(_:leeway:queue:)`.
    ///
    /// - Returns: the subscription; cancelling it stops the timer (it is the only handler).
    @discardableResult
    public static func every(
        _ interval: TimeInterval,
        leeway: DispatchTimeInterval = .nanoseconds(0),
        queue: DispatchQueue = .global(),
        _ handler: @escaping Handler
    ) throws(TimerError) -> EventSubscription {
        try every(interval, leeway: leeway, queue: queue).fired(handler)
    }

    /// Makes a timer that fires once, `delay` seconds after its first handler subscribes.
    ///
    /// - Throws: `TimerError.invalidDelay` for a delay that is not in `0 ≤ delay ≤ maximumSeconds`.
    public static func after(
        _ delay: TimeInterval,
        leeway: DispatchTimeInterval = .nanoseconds(0),
        queue: DispatchQueue = .global()
    ) throws(TimerError) -> DispatchTimer {
        guard delay >= 0, delay <= maximumSeconds else { throw .invalidDelay(delay) }
        return DispatchTimer(delay: delay, interval: nil, leeway: leeway, queue: queue)
    }

    /// Starts a timer that calls `handler` once, `delay` seconds from now; see
    /// `after(_:leeway:queue:)`.
    @discardableResult
    public static func after(
        _ delay: TimeInterval,
        leeway: DispatchTimeInterval = .nanoseconds(0),
        queue: DispatchQueue = .global(),
        _ handler: @escaping Handler
    ) throws(TimerError) -> EventSubscription {
        try after(delay, leeway: leeway, queue: queue).fired(handler)
    }

    /// The longest interval or delay: about 146 years, so that nanoseconds fit in an `Int64`.
    public static let maximumSeconds: TimeInterval = Double(Int64.max / 2) / 1e9

    /// How many times the timer has fired, the current call included.
    public var fireCount: Int { fires.withLock { $0.count } }

    /// Whether the timer will still fire (once it has handlers): false once stopped, and for a
    /// one-shot timer once it has fired.
    public var isActive: Bool { !fires.withLock { $0.oneShotFired } && !demand.hasEnded }

    /// Stops the timer and releases its handlers. Idempotent and thread-safe; callable from a
    /// handler.
    ///
    /// - Returns: `true` if this call stopped it; `false` if it had already stopped.
    @discardableResult
    public func cancel() -> Bool {
        demand.end()
    }

    private func fire() {
        let oneShot = interval == nil
        fires.withLock { fires in
            fires.count += 1
            if oneShot { fires.oneShotFired = true }  // finished once it fires
        }
        demand.send(self, ())
        if oneShot { demand.end() }
    }
}

/// How the timer's start reaches the timer without owning it (the timer owns the start).
private final class TimerReference: Sendable {
    private let reference = Locked<Weak?>(nil)
    private struct Weak { weak var timer: DispatchTimer? }

    var timer: DispatchTimer? {
        get { reference.withLock { $0?.timer } }
        set { reference.withLock { $0 = Weak(timer: newValue) } }
    }
}
