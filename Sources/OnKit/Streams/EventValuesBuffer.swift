/// The state of one `EventValues`: its subscription, the calls its loop has not taken yet, and
/// the loop's wait. Decided under the lock; the subscription is cancelled and the wait resumed
/// after unlocking (cancelling releases a handler, whose deinit comes back here).
///
/// Two ends: the loop's (`end()`: the loop ended or its task was cancelled: unsubscribe, drop
/// what is buffered) and the source's (`sourceEnded()`: the loop takes what is buffered, then
/// gets `nil`).
final class EventValuesBuffer<Element: Sendable>: Sendable {
    /// How many waiting calls make a DEBUG build warn, once per stream: a loop that stopped
    /// reading is a bug to find, not data to drop.
    static var backlogWarningThreshold: Int { 10_000 }

    private struct State {
        var limit: BufferLimit
        /// Waiting calls, oldest first, from `head` on. Slots before `head` are empty (`nil`):
        /// a taken or dropped call is moved out at once, so the buffer keeps only what waits;
        /// the empty slots are compacted lazily.
        var elements: [Element?] = []
        var head = 0
        /// Whether this stream's backlog warning was printed (DEBUG).
        var warnedOfBacklog = false
        /// The loop's wait for a call, while the buffer is empty.
        var waiter: UnsafeContinuation<Element?, Never>?
        var subscription: EventSubscription?
        /// Whether a loop took this buffer over (`claim()`).
        var claimed = false
        /// Set by the loop's end: nothing is kept or delivered any more.
        var ended = false
        /// Set by the source's end: what is buffered is still delivered.
        var sourceEnded = false

        var isEmpty: Bool { head == elements.count }

        mutating func takeFirst() -> Element? {
            guard !isEmpty else { return nil }
            defer {
                head += 1
                if head == elements.count {
                    elements.removeAll(keepingCapacity: elements.count <= 64)
                    head = 0
                } else if head >= 64, head * 2 >= elements.count {
                    elements.removeFirst(head)
                    head = 0
                }
            }
            return elements[head].take()
        }

        var waitingCount: Int { elements.count - head }

        /// Keeps `element` as `limit` says; returns the element dropped for it, if any, to be
        /// released after the lock.
        mutating func append(_ element: Element) -> Element? {
            switch limit {
            case .unbounded:
                elements.append(element)
                return nil
            case .oldest(let n):
                guard waitingCount < n else { return element }
                elements.append(element)
                return nil
            case .newest(let n):
                guard n > 0 else { return element }
                let dropped = waitingCount >= n ? takeFirst() : nil
                elements.append(element)
                return dropped
            }
        }
    }

    private let state: Locked<State>
    /// The type of the source, for the backlog warning.
    private let sourceType: any Any.Type

    /// Subscribes to `source` at once, keeping up to `limit` calls.
    init(subscribingTo source: CallSource<Element>, of sourceType: any Any.Type, limit: BufferLimit) {
        state = Locked(State(limit: limit))
        self.sourceType = sourceType
        // The handler holds `ender`, released with it when the source ends (deallocated, handlers
        // removed) or the subscription is cancelled; its deinit tells this buffer. The handler
        // holds the buffer, and the buffer its subscription: `end()` breaks that cycle, and runs
        // when the loop ends, or when the sequence goes before any loop took it.
        let ender = ReleaseSentinel { self.sourceEnded() }
        let subscription = source.subscribe { element in
            withExtendedLifetime(ender) {}
            self.receive(element)
        }
        let ended = state.withLock { state in
            if !state.ended && !state.sourceEnded { state.subscription = subscription }
            return state.ended || state.sourceEnded
        }
        if ended { subscription.cancel() }
    }

    /// Whether the caller is the first loop; only the first gets calls.
    func claim() -> Bool {
        state.withLock { state in
            defer { state.claimed = true }
            return !state.claimed
        }
    }

    /// The sequence went: ends unless a loop took over.
    func endUnlessClaimed() {
        if !state.withLock({ $0.claimed }) { end() }
    }

    /// The next waiting call; waits for one if none is; `nil` once ended or the task is cancelled.
    func next() async -> Element? {
        await withTaskCancellationHandler {
            await withUnsafeContinuation { (waiter: UnsafeContinuation<Element?, Never>) in
                let ready = state.withLock { state -> Element?? in
                    if let element = state.takeFirst() { return element }
                    // A second wait at once (copies of one iterator) ends: it never hangs.
                    if state.ended || state.sourceEnded || state.waiter != nil { return .some(nil) }
                    state.waiter = waiter
                    return nil
                }
                if let ready { waiter.resume(returning: ready) }
            }
        } onCancel: {
            end()
        }
    }

    /// The loop ended: unsubscribes, drops what is buffered, and ends a wait with `nil`.
    func end() {
        let (subscription, waiter, dropped) = state.withLock { state in
            state.ended = true
            defer { state.subscription = nil; state.waiter = nil; state.elements = []; state.head = 0 }
            return (state.subscription, state.waiter, state.elements)
        }
        waiter?.resume(returning: nil)
        subscription?.cancel()
        withExtendedLifetime(dropped) {}  // released here, after the lock: deinits may run user code
    }

    /// Whether this stream printed its backlog warning (DEBUG builds; always `false` otherwise).
    var hasWarnedOfBacklog: Bool { state.withLock { $0.warnedOfBacklog } }

    private func receive(_ element: Element) {
        let (waiter, dropped, backlog) = state.withLock { state -> (UnsafeContinuation<Element?, Never>?, Element?, Int?) in
            guard !state.ended else { return (nil, element, nil) }
            if let waiter = state.waiter {
                state.waiter = nil
                return (waiter, nil, nil)
            }
            let dropped = state.append(element)
            #if DEBUG
            if !state.warnedOfBacklog, state.waitingCount > Self.backlogWarningThreshold {
                state.warnedOfBacklog = true
                return (nil, dropped, state.waitingCount)
            }
            #endif
            return (nil, dropped, nil)
        }
        waiter?.resume(returning: element)
        withExtendedLifetime(dropped) {}  // after the lock: its deinit may run user code
        if let backlog { warnOfBacklog(backlog) }
    }

    /// Prints, once per stream, that its loop has fallen far behind (DEBUG builds).
    private func warnOfBacklog(_ count: Int) {
        debugWarning(
            "OnKit: a `values` loop over \(sourceType) has \(count) calls waiting: the loop stopped reading, or "
                + "reads slower than the calls come. Every call is kept (`values` drops none); break out of the "
                + "loop, or choose `values(bufferingPolicy: .bufferingNewest(n))` to keep only the newest n.")
    }

    private func sourceEnded() {
        let (waiter, subscription) = state.withLock { state in
            state.sourceEnded = true
            defer { state.waiter = nil; state.subscription = nil }
            return (state.waiter, state.subscription)
        }
        waiter?.resume(returning: nil)
        withExtendedLifetime(subscription) {}
    }
}
