/// The calls of an event as an `AsyncSequence`: what `values` returns (`Subscribable.values`).
///
/// ```swift
/// let rings = door.rung.values   // subscribed: no ring is lost from now on
/// for await ring in rings {
///     if ring.isLong { break }   // unsubscribed, though `rings` is still held
/// }
/// ```
///
/// - **Subscribed when made**, so calls before the loop starts are kept for it.
/// - **One loop.** The subscription ends when the loop ends, however it ends: `break`, `return`,
///   a `throw`, the task's cancellation, or the source's end. A second loop over the same
///   sequence, or one after the first ended, ends at once: read `values` again for a new
///   subscription. A sequence dropped without a loop unsubscribes then.
/// - **Every call**, in order per sending thread, as `AsyncStream` delivers by default: calls the
///   loop has not taken yet wait in a buffer. In DEBUG builds a stream whose buffer passes
///   10,000 waiting calls prints one warning naming the source's type: a loop that stopped
///   reading is a bug to find. `values(bufferingPolicy:)` bounds the buffer instead
///   (`.bufferingNewest(n)`, `.bufferingOldest(n)`): a call dropped by the policy is released
///   when it is dropped, and a call the loop took is not kept.
/// - **Finishes** when the source is deallocated or its handlers removed, once the loop has taken
///   what is buffered.
///
/// The iterator belongs to the loop that made it: it is not `Sendable`.
public struct EventValues<Element: Sendable>: AsyncSequence, Sendable {
    /// An event's stream never fails; it ends.
    public typealias Failure = Never

    private let lease: SequenceLease<Element>

    init(
        _ source: CallSource<Element>,
        of sourceType: any Any.Type,
        bufferingPolicy: AsyncStream<Element>.Continuation.BufferingPolicy
    ) {
        let buffer = EventValuesBuffer(subscribingTo: source, of: sourceType, limit: BufferLimit(bufferingPolicy))
        lease = SequenceLease(buffer)
    }

    /// Whether this stream printed its backlog warning (DEBUG builds); for tests.
    var hasWarnedOfBacklog: Bool { lease.buffer.hasWarnedOfBacklog }

    /// Starts the one loop over this sequence (a later one ends at once).
    public func makeAsyncIterator() -> Iterator {
        Iterator(lease.buffer.claim() ? IterationLease(lease.buffer) : nil)
    }

    /// The iterator of the loop over `EventValues`: ending the loop ends the subscription.
    public struct Iterator: AsyncIteratorProtocol {
        /// `nil` for a loop that was not the first: it ends at once.
        private let lease: IterationLease<Element>?

        fileprivate init(_ lease: IterationLease<Element>?) { self.lease = lease }

        /// The next call's element; `nil` once the source ended (and the buffer is empty), the
        /// task is cancelled, or this loop was not the sequence's first.
        public mutating func next() async -> Element? {
            guard let lease else { return nil }
            return await lease.buffer.next()
        }

        /// The next call's element, as `next()`, for a loop on an actor.
        public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
            guard let lease else { return nil }
            return await lease.buffer.next()
        }
    }
}

/// What a sequence holds: unsubscribes when the sequence goes before any loop took it over.
private final class SequenceLease<Element: Sendable>: Sendable {
    let buffer: EventValuesBuffer<Element>

    init(_ buffer: EventValuesBuffer<Element>) { self.buffer = buffer }

    deinit { buffer.endUnlessClaimed() }
}

/// What a loop's iterator holds: unsubscribes when the loop ends, and its iterator with it.
private final class IterationLease<Element: Sendable>: Sendable {
    let buffer: EventValuesBuffer<Element>

    init(_ buffer: EventValuesBuffer<Element>) { self.buffer = buffer }

    deinit { buffer.end() }
}
