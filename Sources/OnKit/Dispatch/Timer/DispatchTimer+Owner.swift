import Dispatch
import Foundation

extension DispatchTimer {
    /// Starts a repeating timer bound to `owner`, which is held weakly and handed back.
    ///
    /// This is the fix for Foundation's strong-target trap (a scheduled `Timer` keeps its target
    /// alive until invalidated): the timer never keeps `owner` alive, and once `owner` is gone
    /// it stops — at its next fire — releasing the handler.
    ///
    /// ```swift
    /// try DispatchTimer.every(1, owner: clockView) { clockView, _ in clockView.refresh() }
    /// ```
    ///
    /// - Throws: `TimerError.invalidInterval`, as `every(_:leeway:queue:_:)`.
    @discardableResult
    public static func every<Owner: AnyObject & Sendable>(
        _ interval: TimeInterval,
        leeway: DispatchTimeInterval = .nanoseconds(0),
        queue: DispatchQueue = .global(),
        owner: Owner,
        _ handler: @escaping @Sendable (Owner, DispatchTimer) -> Void
    ) throws(TimerError) -> Subscription {
        try every(interval, leeway: leeway, queue: queue) { [weak owner] timer in
            guard let owner else {
                timer.cancel()
                return
            }
            handler(owner, timer)
        }
    }

    /// Starts a one-shot timer bound to `owner`, held weakly and handed back; if `owner` is gone
    /// when the timer fires, the handler is not called.
    ///
    /// - Throws: `TimerError.invalidDelay`, as `after(_:leeway:queue:_:)`.
    @discardableResult
    public static func after<Owner: AnyObject & Sendable>(
        _ delay: TimeInterval,
        leeway: DispatchTimeInterval = .nanoseconds(0),
        queue: DispatchQueue = .global(),
        owner: Owner,
        _ handler: @escaping @Sendable (Owner, DispatchTimer) -> Void
    ) throws(TimerError) -> Subscription {
        try after(delay, leeway: leeway, queue: queue) { [weak owner] timer in
            guard let owner else { return }
            handler(owner, timer)
        }
    }
}
