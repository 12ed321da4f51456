extension Subscribable where Answer == Void, Args: Sendable {
    /// The arguments of every later call, as an `AsyncSequence`.
    ///
    /// The subscription is made when you read `values`, so calls before the loop starts are not
    /// lost. Buffering is **unbounded**: every value is delivered, in order, however slow the
    /// loop (bounded: `values(bufferingPolicy:)`). Cancelling the task removes the subscription,
    /// and so does ending the loop once the stream is gone too: a stream kept in a variable keeps
    /// buffering until the variable goes, so iterate `event.values` directly. The sequence
    /// finishes when the source is deallocated.
    ///
    /// ```swift
    /// for await celsius in thermostat.temperatureChanged.values {
    ///     if celsius > 25 { break }   // unsubscribes
    /// }
    /// ```
    public var values: AsyncStream<Args> { values(bufferingPolicy: .unbounded) }

    /// The arguments of every later call, buffered by `bufferingPolicy` while the loop is busy.
    ///
    /// With `.bufferingNewest(n)` or `.bufferingOldest(n)`, values beyond `n` that the loop has
    /// not taken yet are dropped, as the policy says. Otherwise as `values`.
    public func values(bufferingPolicy: AsyncStream<Args>.Continuation.BufferingPolicy) -> AsyncStream<Args> {
        let (stream, continuation) = AsyncStream.makeStream(of: Args.self, bufferingPolicy: bufferingPolicy)
        let finisher = StreamFinisher(continuation)
        let subscription = subscribe { _, args in finisher.continuation.yield(args) }
        continuation.onTermination = { _ in subscription.cancel() }
        return stream
    }

    /// Waits for the next call and returns its arguments: a one-shot wait:
    /// `let element = try await parser.on.didStartElement.next()`.
    ///
    /// - Throws: `CancellationError` if the waiting task is cancelled (the handler is removed at
    ///   once), `SourceEndedError` if the source is deallocated, or its handlers removed, first
    ///   (an `Event` itself is kept alive while awaited; an adapter's read-only face is not).
    public func next() async throws -> Args { try await next(where: { _ in true }) }

    /// Waits for the next call whose arguments satisfy `predicate`, and returns them:
    /// `let hot = try await thermostat.temperatureChanged.next(where: { $0 > 25 })`.
    ///
    /// - Throws: as `next()`.
    public func next(where predicate: @escaping @Sendable (Args) -> Bool) async throws -> Args {
        let waiter = OneShotWaiter<Args>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                guard waiter.start(continuation) else { return }  // cancelled before it started
                let sentinel = ReleaseSentinel { waiter.finish(.failure(SourceEndedError())) }
                let subscription = subscribe { _, args in
                    withExtendedLifetime(sentinel) {}
                    if predicate(args) { waiter.finish(.success(args)) }
                }
                waiter.setSubscription(subscription)
            }
        } onCancel: {
            waiter.finish(.failure(CancellationError()))
        }
    }
}

/// Thrown by `next()` when the source went away, or its handlers were removed, before it called.
public struct SourceEndedError: Error, CustomStringConvertible {
    /// Creates the error.
    public init() {}

    /// What happened, for logs.
    public var description: String {
        "OnKit: the event source ended before the awaited call (deallocated, or its handlers removed)"
    }
}
