/// Where every benchmark handler does its trivial work: one wrapping add into a class-held counter.
///
/// The same work in OnKit and in every peer, so that differences are the machinery's. The counter
/// sits behind a pointer rather than in a `var` of the class on purpose: a class `var` written from
/// a closure pays Swift's dynamic exclusivity check (`swift_beginAccess`, ~5–10 ns here), which
/// would be most of a handler's cost and hide what the dispatch itself costs.
package final class Sink: Sendable {
    // Sound without a lock: a benchmark sends from one thread only, so the counter is never
    // touched by two threads at once.
    private nonisolated(unsafe) let counter: UnsafeMutablePointer<Int>

    package init() {
        counter = .allocate(capacity: 1)
        counter.initialize(to: 0)
    }

    deinit {
        counter.deallocate()
    }

    /// Adds `value` to the counter (wrapping).
    @inlinable
    package func add(_ value: Int) {
        counterAddress.pointee &+= value
    }

    @usableFromInline
    package var counterAddress: UnsafeMutablePointer<Int> { counter }

    /// The counter's value.
    package var total: Int { counter.pointee }
}

/// The sender handed to OnKit handlers (and to the array peer, so that both pass the same
/// arguments).
package final class Emitter: Sendable {
    package init() {}
}

/// The handler type OnKit and the closure-array peer share.
package typealias Handler = @Sendable (Emitter, Int) -> Void

/// A fresh handler closure that adds its argument to `sink`: it captures one class reference,
/// as a realistic handler (`self` or a view model) does.
///
/// Not inlinable on purpose: each call makes a new closure value the optimizer cannot see into.
@inline(never)
package func makeHandler(_ sink: Sink) -> Handler {
    { _, value in sink.add(value) }
}

/// Keeps `value` alive and opaque to the optimizer, so that work feeding it is not removed.
@inline(never)
package func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
