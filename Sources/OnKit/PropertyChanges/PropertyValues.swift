/// The values a closure-form subscription hands out, as an `AsyncStream`: how `values(of:)` is
/// built on `@Observable`, `@Notifying` and KVO properties, from their `change(of:)`.
///
/// `subscribe` is called now, so changes before the first await are not lost; buffering is
/// unbounded. Ending the loop or its task cancels the subscription; the stream finishes when the
/// subscription releases its handler (the model gone).
func propertyValues<Value: Sendable>(
    _ subscribe: (_ yield: @escaping @Sendable (Value) -> Void) -> EventSubscription
) -> AsyncStream<Value> {
    let (stream, continuation) = AsyncStream.makeStream(of: Value.self)
    let finisher = StreamFinisher(continuation)
    let subscription = subscribe { value in finisher.continuation.yield(value) }
    continuation.onTermination = { _ in subscription.cancel() }
    return stream
}
