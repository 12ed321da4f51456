import Dispatch

// The main-actor forms of `readable`: the watch calls on the main queue, and the handler runs on
// the main actor, so it may touch main-actor state. The same shapes as the timers' main-actor
// forms (`DispatchTimer.every(_:on:_:)`), with `owner:`.
extension FileDescriptorEvents {
    /// Calls `handler` on the main actor with the estimate of the bytes available whenever
    /// `fileDescriptor` has data to read, until cancelled (see `readable(_:queue:)`):
    /// `let reading = try FileDescriptorEvents.readable(input, on: MainActor.self) { availableBytes in … }`.
    ///
    /// Runs under `dispatchMain()` as under a running `RunLoop.main` (each runs the main queue).
    public static func readable(
        _ fileDescriptor: Int32,
        on _: MainActor.Type,
        _ handler: @escaping @MainActor @Sendable (_ availableBytes: Int) -> Void
    ) throws(FileDescriptorError) -> EventSubscription {
        try readable(fileDescriptor, queue: .main, onMainQueue { _, availableBytes in handler(availableBytes) })
    }

    /// Calls `handler` on the main actor with the descriptor and the estimate of the bytes
    /// available whenever `fileDescriptor` has data to read, until cancelled; see
    /// `readable(_:on:_:)`.
    public static func readable(
        _ fileDescriptor: Int32,
        on _: MainActor.Type,
        _ handler: @escaping @MainActor @Sendable (_ fileDescriptor: Int32, _ availableBytes: Int) -> Void
    ) throws(FileDescriptorError) -> EventSubscription {
        try readable(fileDescriptor, queue: .main, onMainQueue(handler))
    }

    /// Calls `handler` on the main actor whenever `fileDescriptor` has data to read, until
    /// cancelled; see `readable(_:on:_:)`.
    public static func readable(
        _ fileDescriptor: Int32,
        on _: MainActor.Type,
        _ handler: @escaping @MainActor @Sendable () -> Void
    ) throws(FileDescriptorError) -> EventSubscription {
        try readable(fileDescriptor, queue: .main, onMainQueue { _, _ in handler() })
    }

    /// Calls `handler` on the main actor with `owner` (held weakly) and the estimate of the bytes
    /// available whenever `fileDescriptor` has data to read, until cancelled or `owner` is gone;
    /// see `readable(_:on:_:)`.
    @discardableResult
    public static func readable<Owner: AnyObject & Sendable>(
        _ fileDescriptor: Int32,
        owner: Owner,
        on _: MainActor.Type,
        _ handler: @escaping @MainActor @Sendable (Owner, _ availableBytes: Int) -> Void
    ) throws(FileDescriptorError) -> EventSubscription {
        try readable(fileDescriptor, queue: .main).subscribe(owner: owner) { owner, _, availableBytes in
            // On the main queue (the watch's): the main actor's.
            MainActor.assumeIsolated { handler(owner, availableBytes) }
        }
    }
}
