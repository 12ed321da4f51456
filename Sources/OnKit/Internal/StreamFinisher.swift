/// Finishes a stream when the handler holding it is released — its event or model deallocated,
/// or its subscription cancelled — so that a waiting `for await` ends instead of waiting forever.
///
/// Used by `Event.values` and `On.changes(of:)`: the handler captures the finisher and yields
/// through it; nothing else holds it.
final class StreamFinisher<Element: Sendable>: Sendable {
    let continuation: AsyncStream<Element>.Continuation

    init(_ continuation: AsyncStream<Element>.Continuation) {
        self.continuation = continuation
    }

    deinit { continuation.finish() }
}
