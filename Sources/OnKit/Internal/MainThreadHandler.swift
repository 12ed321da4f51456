import Dispatch

/// `handler`, callable from the nonisolated machinery of a source: it runs it on the main queue,
/// at once if called there (a Dispatch source on the main queue, a `Timer` on the main run loop),
/// or else waiting for the main queue to run it. The main-actor spellings of timers and file
/// descriptors (`on: MainActor.self`) are built on it: a `@MainActor` handler is taken only by
/// them, so one on another queue does not compile, and no check can stop the program.
/// (Notifications hand each post to the main queue in their observer, `queue: .main`, and take
/// main-actor handlers through `MainActorEvent`.)
///
/// Sound: code on the main queue is isolated to the main actor, on every platform (Apple: the
/// main thread; Linux: the main dispatch queue, which is the main actor's executor, whichever
/// thread drains it); `assumeIsolated` only says so to the compiler, and its check cannot fail
/// there. Not `OperationQueue.current`, which is `nil` on Linux outside an operation: a post on
/// the main actor would wait for itself.
func onMainQueue<Sender, Args>(
    _ handler: @escaping @MainActor @Sendable (Sender, Args) -> Void
) -> @Sendable (Sender, Args) -> Void {
    { sender, args in
        // Sound: used only synchronously, inside `run` below, while this thread waits for it;
        // the values (a `Timer`, a `Notification`) are touched by one thread at a time.
        nonisolated(unsafe) let (sender, args) = (sender, args)
        let run = { MainActor.assumeIsolated { handler(sender, args) } }
        if MainQueue.isCurrent { run() } else { DispatchQueue.main.sync(execute: run) }
    }
}

/// Whether this code runs on the main dispatch queue.
enum MainQueue {
    /// A value only the main queue carries.
    private static let key: DispatchSpecificKey<Void> = {
        let key = DispatchSpecificKey<Void>()
        DispatchQueue.main.setSpecific(key: key, value: ())
        return key
    }()

    /// True in the main queue's blocks, and on the main thread outside any other queue's
    /// (libdispatch makes the main queue the main thread's own).
    static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) != nil }
}
