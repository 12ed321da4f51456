// `values` and `next()` yield each call's arguments; where a call carries nothing but its sender
// (`Args == Void`: a tap, a value change, a tick), they yield the sender if it is `Sendable`, so
// that `for await slider in slider.on.valueChanged.values { print(slider.value) }` reads it. The
// sender forms are declared on the narrower extension, which Swift prefers where both apply
// (also for `Sender == Void`); a context that asks for `Void` still gets the arguments' forms.

extension Subscribable where Answer == Void, Args: Sendable {
    /// The arguments of every later call, as an `AsyncSequence` (`EventValues`).
    ///
    /// Subscribed when you read `values`, so calls before the loop starts are not lost. The
    /// subscription ends with the loop (`break`, `return`, a `throw`, the task's cancellation),
    /// even while the sequence is still held; one loop per `values` read. Every call is kept
    /// until the loop takes it, in order per sending thread, as `AsyncStream` does by default (a
    /// DEBUG build warns once past 10,000 waiting; to bound the buffer:
    /// `values(bufferingPolicy:)`). The sequence finishes when the source is deallocated.
    ///
    /// Where a call carries nothing else (`Args == Void`) and the sender is `Sendable`, `values`
    /// yields the sender instead; with a sender that is not `Sendable` it yields `Void`.
    ///
    /// ```swift
    /// for await celsius in thermostat.temperatureChanged.values {
    ///     if celsius > 25 { break }   // unsubscribes
    /// }
    /// ```
    public var values: EventValues<Args> { values(bufferingPolicy: .unbounded) }

    /// The arguments of every later call, buffered by `bufferingPolicy` while the loop is busy.
    ///
    /// With `.bufferingNewest(n)` or `.bufferingOldest(n)`, calls beyond `n` that the loop has
    /// not taken yet are dropped, as the policy says, and released when dropped: the buffer
    /// holds at most `n`. `.unbounded` keeps every one, as `values` does. Otherwise as `values`.
    public func values(bufferingPolicy: AsyncStream<Args>.Continuation.BufferingPolicy) -> EventValues<Args> {
        EventValues(argumentsOfCalls, of: Self.self, bufferingPolicy: bufferingPolicy)
    }

    /// Waits for the next call and returns its arguments: a one-shot wait:
    /// `let element = try await parser.on.didStartElement.next()`.
    ///
    /// - Throws: `CancellationError` if the waiting task is cancelled (the handler is removed at
    ///   once), `SourceEndedError` if the source is deallocated, or its handlers removed, first
    ///   (an `Event` itself is kept alive while awaited; an adapter's read-only face is not).
    public func next() async throws -> Args { try await argumentsOfCalls.next(where: { _ in true }) }

    /// Waits for the next call whose arguments satisfy `predicate`, and returns them:
    /// `let hot = try await thermostat.temperatureChanged.next(where: { $0 > 25 })`.
    ///
    /// - Throws: as `next()`.
    public func next(where predicate: @escaping @Sendable (Args) -> Bool) async throws -> Args {
        try await argumentsOfCalls.next(where: predicate)
    }
}

extension Subscribable where Answer == Void, Args == Void, Sender: Sendable {
    /// The sender of every later call, as an `AsyncSequence`, for calls that carry nothing else:
    /// `for await slider in slider.on.valueChanged.values { print(slider.value) }`. Otherwise as
    /// the arguments' `values` (subscribed when read, ends with its loop, every call kept).
    public var values: EventValues<Sender> { values(bufferingPolicy: .unbounded) }

    /// The sender of every later call, buffered by `bufferingPolicy` while the loop is busy (a
    /// bounded policy holds at most its bound, as for the arguments' form).
    public func values(bufferingPolicy: AsyncStream<Sender>.Continuation.BufferingPolicy) -> EventValues<Sender> {
        EventValues(sendersOfCalls, of: Self.self, bufferingPolicy: bufferingPolicy)
    }

    /// Waits for the next call and returns its sender: `let button = try await button.on.tap.next()`.
    ///
    /// - Throws: as the arguments' `next()`.
    @discardableResult
    public func next() async throws -> Sender { try await sendersOfCalls.next(where: { _ in true }) }

    /// Waits for the next call whose sender satisfies `predicate`, and returns it.
    ///
    /// - Throws: as the arguments' `next()`.
    @discardableResult
    public func next(where predicate: @escaping @Sendable (Sender) -> Bool) async throws -> Sender {
        try await sendersOfCalls.next(where: predicate)
    }
}

extension Subscribable where Answer == Void {
    /// `project`'s result for every later call, as an `AsyncSequence`: for arguments that are not
    /// `Sendable`, such as a `Notification`, take the parts you need where the call is made.
    ///
    /// ```swift
    /// let ids = center.on.notification(.orderPlaced)
    ///     .values { $0.userInfo?["id"] as? Int }
    /// for await id in ids { print(id ?? 0) }
    /// ```
    ///
    /// `project` runs in the handler, on the thread that calls. Otherwise as `values`
    /// (subscribed when read, ends with its loop, every call kept unless `bufferingPolicy`
    /// bounds the buffer).
    public func values<Element: Sendable>(
        bufferingPolicy: AsyncStream<Element>.Continuation.BufferingPolicy = .unbounded,
        _ project: @escaping @Sendable (Args) -> Element
    ) -> EventValues<Element> {
        EventValues(projectionsOfCalls(project), of: Self.self, bufferingPolicy: bufferingPolicy)
    }

    /// Waits for the next call for which `project` gives a value, and returns that value: for
    /// arguments that are not `Sendable`, such as a `Notification`:
    /// `let id = try await center.on.notification(.orderPlaced).next { $0.userInfo?["id"] as? Int }`.
    ///
    /// `project` runs in the handler, on the thread that calls.
    ///
    /// - Throws: as `next()`.
    public func next<Element: Sendable>(_ project: @escaping @Sendable (Args) -> Element?) async throws -> Element {
        try await projectionsOfCalls(project).next(matching: { $0 })
    }
}

extension CallSource where Element: Sendable {
    /// Waits for the next call whose element satisfies `predicate` (see `Subscribable.next()`).
    func next(where predicate: @escaping @Sendable (Element) -> Bool) async throws -> Element {
        try await next(matching: { predicate($0) ? $0 : nil })
    }
}

extension CallSource {
    /// Waits for the next call whose element `match` turns into a value, and returns that value.
    func next<Value: Sendable>(matching match: @escaping @Sendable (Element) -> Value?) async throws -> Value {
        let waiter = OneShotWaiter<Value>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                guard waiter.start(continuation) else { return }  // cancelled before it started
                let sentinel = ReleaseSentinel { waiter.finish(.failure(SourceEndedError())) }
                let subscription = subscribe { element in
                    withExtendedLifetime(sentinel) {}
                    if let value = match(element) { waiter.finish(.success(value)) }
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
