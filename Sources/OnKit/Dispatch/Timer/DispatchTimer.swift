import Dispatch
import Foundation

/// A repeating or one-shot timer on a Dispatch queue, whose fires are an OnKit event.
///
/// ```swift
/// let ticking = try DispatchTimer.every(0.5) { timer in
///     print("tick", timer.fireCount)
///     if timer.fireCount == 10 { timer.cancel() }   // a timer can stop itself
/// }
/// try DispatchTimer.after(2) { print("two seconds later") }
/// let progressing = try DispatchTimer.every(0.3, on: MainActor.self) {
///     progress.value += 1
/// }
/// try DispatchTimer.every(1).fired(owner: clockView) { clockView in
///     clockView.refresh()
/// }
/// print(ticking.fireCount)
/// ticking.cancel()
/// ```
///
/// With a handler, `every` and `after` start the timer and return it; a repeating timer runs
/// until cancelled, so `every` warns when its timer is discarded (keep it to cancel it, or use
/// `fired(owner:)`, which stops with its owner). The handler is `{ }` or
/// `{ timer in }`. `on: MainActor.self` runs it on the main queue and the handler on the main
/// actor; a `@MainActor` handler on any other queue does not compile. Without a handler they
/// make the timer, which starts when its first handler subscribes to `fired`, an event like any
/// other (`owner:`, `once`, `+=`, `values`). A plain registration on `fired` is not discardable,
/// for either kind of timer (the marker is the sender's type, ``LongLivedSender``): for a
/// one-shot timer whose subscription you do not need, `after(_:) { … }` is the discardable form.
///
/// Unlike Foundation's `Timer` (`Timer.on(every:)`), it needs no run loop (on Linux nothing runs
/// a background thread's, nor the main one's unless the program does) and has no target.
///
/// ## Semantics
/// - Handlers get the timer; they run on its queue, one fire at a time.
/// - A repeating timer first fires one `interval` after it starts; a one-shot timer fires once
///   after `delay` and is finished (`isActive == false`) when its handlers run.
/// - It runs while it has handlers: a discarded subscription keeps it running, and it keeps
///   itself alive (subscriptions hold it weakly). When the last handler goes (cancelled, owner
///   gone, `once` run), or on `cancel()`, it stops for good: no fire starts afterwards, and the
///   handlers are released before `cancel()` returns (after a fire already running). Later
///   handlers are inactive at once. An owner-bound handler never keeps its owner alive; with
///   the owner gone the timer stops at its next fire.
public final class DispatchTimer: Sendable {
    /// A handler: gets the timer that fired.
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
            let repeating = interval.map { DispatchTimeInterval.nanoseconds(Int(($0 * 1e9).rounded())) } ?? .never
            source.schedule(deadline: .now() + delay, repeating: repeating, leeway: leeway)
            // A running timer keeps itself alive through this handler; stopping breaks the cycle.
            source.setEventHandler { owner.fire() }
            running.withLock { $0 = DispatchSourceHandle(source) }
            source.resume()
            return true
        } stop: { running.withLock { $0 }?.cancel() }
        timer.timer = self
    }

    /// The timer's fires: subscribing the first handler starts it.
    public var fired: ReadOnlyEvent<DispatchTimer, Void> { demand.face(holding: self) }

    /// Makes a timer that fires every `interval` seconds, first one interval after its first
    /// handler subscribes to `fired`, on `queue`; `leeway` is how late Dispatch may fire to save
    /// power.
    ///
    /// - Throws: `TimerError.invalidInterval` unless `0 < interval ≤ maximumSeconds`.
    public static func every(
        _ interval: TimeInterval, leeway: DispatchTimeInterval = .nanoseconds(0), on queue: DispatchQueue = .global()
    ) throws(TimerError) -> DispatchTimer {
        guard interval > 0, interval <= maximumSeconds else { throw .invalidInterval(interval) }
        return DispatchTimer(delay: interval, interval: interval, leeway: leeway, queue: queue)
    }

    /// Makes a timer that fires once, `delay` seconds after its first handler subscribes, on `queue`.
    ///
    /// - Throws: `TimerError.invalidDelay` unless `0 ≤ delay ≤ maximumSeconds`.
    public static func after(
        _ delay: TimeInterval, leeway: DispatchTimeInterval = .nanoseconds(0), on queue: DispatchQueue = .global()
    ) throws(TimerError) -> DispatchTimer {
        guard delay >= 0, delay <= maximumSeconds else { throw .invalidDelay(delay) }
        return DispatchTimer(delay: delay, interval: nil, leeway: leeway, queue: queue)
    }

    // The forms with a handler start the timer and return it (`cancel()`, `fireCount`), one
    // overload per closure shape: a trailing closure on a method call never reaches
    // `callAsFunction` on `fired`.

    /// Starts a timer calling `handler` with the timer every `interval` seconds, on `queue`, and
    /// returns it: `cancel()` it to stop (see `every(_:leeway:on:)`).
    public static func every(
        _ interval: TimeInterval, leeway: DispatchTimeInterval = .nanoseconds(0), on queue: DispatchQueue = .global(),
        _ handler: @escaping Handler
    ) throws(TimerError) -> DispatchTimer { try every(interval, leeway: leeway, on: queue).started(handler) }

    /// Starts a timer calling `handler` with the timer once, `delay` seconds from now, on `queue`,
    /// and returns it (see `after(_:leeway:on:)`).
    @discardableResult
    public static func after(
        _ delay: TimeInterval, leeway: DispatchTimeInterval = .nanoseconds(0), on queue: DispatchQueue = .global(),
        _ handler: @escaping Handler
    ) throws(TimerError) -> DispatchTimer { try after(delay, leeway: leeway, on: queue).started(handler) }

    /// Starts a timer calling `handler` every `interval` seconds: `let ticking = try DispatchTimer.every(1) { print("tick") }`.
    public static func every(
        _ interval: TimeInterval, leeway: DispatchTimeInterval = .nanoseconds(0), on queue: DispatchQueue = .global(),
        _ handler: @escaping @Sendable () -> Void
    ) throws(TimerError) -> DispatchTimer { try every(interval, leeway: leeway, on: queue) { _ in handler() } }

    /// Starts a timer calling `handler` once, `delay` seconds from now: `DispatchTimer.after(2) { print("later") }`.
    @discardableResult
    public static func after(
        _ delay: TimeInterval, leeway: DispatchTimeInterval = .nanoseconds(0), on queue: DispatchQueue = .global(),
        _ handler: @escaping @Sendable () -> Void
    ) throws(TimerError) -> DispatchTimer { try after(delay, leeway: leeway, on: queue) { _ in handler() } }

    /// Starts a timer on the main queue calling `handler` on the main actor every `interval`
    /// seconds, so it may touch main-actor state:
    /// `progressing = try DispatchTimer.every(0.3, on: MainActor.self) { timer in progress.value += 1 }`.
    public static func every(
        _ interval: TimeInterval, leeway: DispatchTimeInterval = .nanoseconds(0), on _: MainActor.Type,
        _ handler: @escaping @MainActor @Sendable (DispatchTimer) -> Void
    ) throws(TimerError) -> DispatchTimer { try every(interval, leeway: leeway, on: .main).startedOnMainActor(handler) }

    /// Starts a timer on the main queue calling `handler` on the main actor once, `delay` seconds from now.
    @discardableResult
    public static func after(
        _ delay: TimeInterval, leeway: DispatchTimeInterval = .nanoseconds(0), on _: MainActor.Type,
        _ handler: @escaping @MainActor @Sendable (DispatchTimer) -> Void
    ) throws(TimerError) -> DispatchTimer { try after(delay, leeway: leeway, on: .main).startedOnMainActor(handler) }

    /// Starts a timer on the main queue calling `handler` on the main actor every `interval` seconds.
    public static func every(
        _ interval: TimeInterval, leeway: DispatchTimeInterval = .nanoseconds(0), on _: MainActor.Type,
        _ handler: @escaping @MainActor @Sendable () -> Void
    ) throws(TimerError) -> DispatchTimer { try every(interval, leeway: leeway, on: MainActor.self) { _ in handler() } }

    /// Starts a timer on the main queue calling `handler` on the main actor once, `delay` seconds from now.
    @discardableResult
    public static func after(
        _ delay: TimeInterval, leeway: DispatchTimeInterval = .nanoseconds(0), on _: MainActor.Type,
        _ handler: @escaping @MainActor @Sendable () -> Void
    ) throws(TimerError) -> DispatchTimer { try after(delay, leeway: leeway, on: MainActor.self) { _ in handler() } }

    /// Subscribes `handler` to `fired` (starting the timer) and returns the timer.
    private func started(_ handler: @escaping Handler) -> DispatchTimer {
        _ = fired(handler)  // ended by the timer's `cancel()`, which its caller gets
        return self
    }

    /// Subscribes `handler`, called on the main actor, to `fired` of a timer on the main queue.
    private func startedOnMainActor(_ handler: @escaping @MainActor @Sendable (DispatchTimer) -> Void) -> DispatchTimer {
        _ = fired.subscribe(onMainQueue { timer, _ in handler(timer) })  // as in `started(_:)`
        return self
    }

    /// The longest interval or delay: about 146 years, so that nanoseconds fit in an `Int64`.
    public static let maximumSeconds: TimeInterval = Double(Int64.max / 2) / 1e9

    /// How many times the timer has fired, the current call included.
    public var fireCount: Int { fires.withLock { $0.count } }

    /// Whether the timer will still fire (once it has handlers): false once stopped or, one-shot, fired.
    public var isActive: Bool { !fires.withLock { $0.oneShotFired } && !demand.hasEnded }

    /// Stops the timer and releases its handlers; `true` if this call stopped it. Idempotent,
    /// thread-safe, callable from a handler.
    @discardableResult
    public func cancel() -> Bool { demand.end() }

    // Before 1.0 the queue was `queue:`, and the forms with a handler returned the subscription
    // (`ticking.fireCount` did not compile). `@_disfavoredOverload`: a call without a queue means
    // the forms above; one whose result is used as an `EventSubscription` still finds these.

    /// Deprecated: `every(_:leeway:on:)`.
    @available(*, deprecated, renamed: "every(_:leeway:on:)")
    @_disfavoredOverload public static func every(
        _ interval: TimeInterval, leeway: DispatchTimeInterval = .nanoseconds(0), queue: DispatchQueue = .global()
    ) throws(TimerError) -> DispatchTimer { try every(interval, leeway: leeway, on: queue) }

    /// Deprecated: `after(_:leeway:on:)`.
    @available(*, deprecated, renamed: "after(_:leeway:on:)")
    @_disfavoredOverload public static func after(
        _ delay: TimeInterval, leeway: DispatchTimeInterval = .nanoseconds(0), queue: DispatchQueue = .global()
    ) throws(TimerError) -> DispatchTimer { try after(delay, leeway: leeway, on: queue) }

    /// Deprecated: `every(_:leeway:on:_:)`, which returns the timer (cancel it to stop); for a
    /// subscription, `every(_:leeway:on:)`, then its `fired` event.
    @available(*, deprecated, renamed: "every(_:leeway:on:_:)", message: "returns the timer now: cancel the timer to stop it")
    @_disfavoredOverload public static func every(
        _ interval: TimeInterval, leeway: DispatchTimeInterval = .nanoseconds(0), queue: DispatchQueue = .global(),
        _ handler: @escaping Handler
    ) throws(TimerError) -> EventSubscription { try every(interval, leeway: leeway, on: queue).fired(handler) }

    /// Deprecated: `after(_:leeway:on:_:)`, which returns the timer; for a subscription,
    /// `after(_:leeway:on:)`, then its `fired` event.
    @available(*, deprecated, renamed: "after(_:leeway:on:_:)", message: "returns the timer now: cancel the timer to stop it")
    @discardableResult @_disfavoredOverload public static func after(
        _ delay: TimeInterval, leeway: DispatchTimeInterval = .nanoseconds(0), queue: DispatchQueue = .global(),
        _ handler: @escaping Handler
    ) throws(TimerError) -> EventSubscription { try after(delay, leeway: leeway, on: queue).fired(handler) }

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
