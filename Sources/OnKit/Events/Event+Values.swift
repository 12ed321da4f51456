extension Event where Args: Sendable {
    /// The arguments of every later send, as an `AsyncSequence`.
    ///
    /// The subscription is made when you read `values`, so sends between then and the start of
    /// iteration are not lost. Buffering is **unbounded**: every value sent is delivered, in
    /// order, however slowly the loop runs (a bounded policy is `values(bufferingPolicy:)`).
    /// Cancelling the iterating task removes the subscription. So does ending the iteration
    /// (`break`, `return`, a thrown error) once the stream is gone too: the stream and its
    /// iterator share one buffer, so a stream kept in a variable keeps subscribing (and
    /// buffering) until the variable goes. Iterate `event.values` directly to unsubscribe as the
    /// loop ends. The sequence finishes when the event is deallocated.
    ///
    /// ```swift
    /// for await celsius in thermostat.temperatureChanged.values {
    ///     if celsius > 25 { break }   // unsubscribes
    /// }
    /// ```
    public var values: AsyncStream<Args> {
        values(bufferingPolicy: .unbounded)
    }

    /// The arguments of every later send, buffered by `bufferingPolicy` while the loop is busy.
    ///
    /// With `.bufferingNewest(n)` or `.bufferingOldest(n)`, values beyond `n` that the loop has
    /// not taken yet are dropped, as the policy says. Otherwise as `values`.
    public func values(
        bufferingPolicy: AsyncStream<Args>.Continuation.BufferingPolicy
    ) -> AsyncStream<Args> {
        let (stream, continuation) = AsyncStream.makeStream(of: Args.self, bufferingPolicy: bufferingPolicy)
        let finisher = StreamFinisher(continuation)
        let subscription = subscribe { _, args in finisher.continuation.yield(args) }
        continuation.onTermination = { _ in subscription.cancel() }
        return stream
    }
}
