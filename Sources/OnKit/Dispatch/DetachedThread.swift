#if os(Linux) && canImport(Glibc)
import Glibc

/// Starts a detached thread of OnKit's own that runs `body` once (the readability and signal
/// threads: poll(2) loops, which Dispatch's pool must not host); returns `pthread_create`'s
/// status, 0 when the thread started. `body` is held until the thread takes it, or released
/// here when no thread starts.
func startDetachedThread(_ body: @escaping @Sendable () -> Void) -> Int32 {
    let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    var thread = pthread_t()
    let status = pthread_create(&thread, nil, { raw in
        // Sound: `raw` is the retained body passed below, taken back once, here.
        Unmanaged<ThreadBody>.fromOpaque(raw!).takeRetainedValue().body()
        return nil
    }, context)
    guard status == 0 else {
        Unmanaged<ThreadBody>.fromOpaque(context).release()
        return status
    }
    pthread_detach(thread)
    return 0
}

/// What `startDetachedThread` hands its thread.
private final class ThreadBody: Sendable {
    let body: @Sendable () -> Void

    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}
#endif
