/// `handler`, callable from the nonisolated machinery of a source that OnKit itself makes call
/// on the main thread: a Dispatch source on the main queue, a `Timer` on the main run loop, an
/// observer on `OperationQueue.main`. The main-actor spellings (`on: MainActor.self`) are built
/// on it, so a `@MainActor` handler is accepted only where the queue is the main one: a wrong
/// queue does not compile, and nothing is checked at run time.
///
/// Sound: the main actor's executor is the main thread (on Linux, the main dispatch queue, which
/// the main thread drains; the main run loop and `OperationQueue.main` run there too), so code
/// these sources call is already isolated to the main actor; `assumeIsolated` only says so to
/// the compiler (its check cannot fail there).
func onMainThread<Sender, Args>(
    _ handler: @escaping @MainActor @Sendable (Sender, Args) -> Void
) -> @Sendable (Sender, Args) -> Void {
    { sender, args in
        // Sound: used only synchronously, on this thread, inside `assumeIsolated` below; the
        // values (a `Timer`, a `Notification`) never leave the main thread.
        nonisolated(unsafe) let (sender, args) = (sender, args)
        MainActor.assumeIsolated { handler(sender, args) }
    }
}
