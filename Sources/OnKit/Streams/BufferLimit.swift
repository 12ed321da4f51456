/// How many calls a stream keeps for its loop, and which it drops beyond that.
enum BufferLimit: Sendable {
    case unbounded
    /// Keeps the first `n` waiting calls; later ones are dropped until the loop takes some.
    case oldest(Int)
    /// Keeps the last `n` waiting calls; the oldest waiting one is dropped for a new one.
    case newest(Int)

    init<Element>(_ policy: AsyncStream<Element>.Continuation.BufferingPolicy) {
        switch policy {
        case .unbounded: self = .unbounded
        case .bufferingOldest(let n): self = .oldest(max(n, 0))
        case .bufferingNewest(let n): self = .newest(max(n, 0))
        @unknown default: self = .unbounded
        }
    }
}
