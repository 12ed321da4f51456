/// Finishes a stream when the handler that alone holds it is released (event or model gone,
/// subscription cancelled), so a waiting `for await` ends (`Event.values`, `On.values(of:)`).
final class StreamFinisher<Element: Sendable>: Sendable {
    let continuation: AsyncStream<Element>.Continuation

    init(_ continuation: AsyncStream<Element>.Continuation) { self.continuation = continuation }

    deinit { continuation.finish() }
}
