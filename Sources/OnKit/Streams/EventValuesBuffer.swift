/// The state of one `EventValues`: its subscription, the calls its loop has not taken yet, and
/// the loop's wait. Decided under the lock; the subscription is cancelled and the wait resumed
/// after unlocking (cancelling releases a handler, whose deinit comes back here).
///
/// Two ends: the loop's (`end()`: the loop ended or its task was cancelled: unsubscribe, drop
/// what is buffered) and the source's (`sourceEnded()`: the loop takes what is buffered, then
/// gets `nil`).
final class EventValuesBuffer<Element: Sendable>: Sendable {
    private struct State {
        var limit: BufferLimit
        /// Waiting calls, oldest first, from `head` on (taken ones before it, compacted lazily).
        var elements: [Element] = []
        var head = 0
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
            return elements[head]
        }

        /// Keeps `element` as `limit` says; returns the element dropped for it, if any, to be
        /// released after the lock.
        mutating func append(_ element: Element) -> Element? {
            switch limit {
            case .unbounded:
                elements.append(element)
                return nil
            case .oldest(let n):
                guard elements.count - head < n else { return element }
                elements.append(element)
                return nil
            case .newest(let n):
                guard n > 0 else { return element }
                let dropped = elements.count - head >= n ? takeFirst() : nil
                elements.append(element)
                return dropped
            }
        }
    }

    private let state: Locked<State>

    /// Subscribes to `source` at once, keeping up to `limit` calls.
    init(subscribingTo source: CallSource<Element>, limit: BufferLimit) {
        state = Locked(State(limit: limit))
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

    private func receive(_ element: Element) {
        let (waiter, dropped) = state.withLock { state -> (UnsafeContinuation<Element?, Never>?, Element?) in
            guard !state.ended else { return (nil, element) }
            if let waiter = state.waiter {
                state.waiter = nil
                return (waiter, nil)
            }
            return (nil, state.append(element))
        }
        waiter?.resume(returning: element)
        withExtendedLifetime(dropped) {}
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
