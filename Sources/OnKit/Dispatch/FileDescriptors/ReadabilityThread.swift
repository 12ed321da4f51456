#if os(Linux) && canImport(Glibc)
import Dispatch
import Glibc
import Synchronization

/// How `FileDescriptorEvents.readable` watches a descriptor on Linux: poll(2) on a thread of its
/// own, not a `DispatchSourceRead`.
///
/// Why: Dispatch's read sources crash under load on Linux. With both cores busy, a process that
/// reads a pipe to its end died with SIGSEGV in `_dispatch_event_loop_drain`, right after end of
/// file: a use-after-free in libdispatch's epoll bookkeeping (swift-corelibs-libdispatch #949).
/// A plain `DispatchSourceRead` crashed too (13 of 24 loaded runs), also one never cancelled
/// (4 of 12), so no way of using the source avoids it; swift-tools-protocols (PR #73) moved to
/// reading on a dedicated thread on Linux for the same reason. poll(2) never touches
/// libdispatch's epoll state: `Scripts/stress-fd-readers.sh` runs both under load.
///
/// - The thread polls the descriptor and a wake pipe; when the descriptor has data, it hands one
///   call to `queue` and waits for it to return before polling again: calls never overlap, and
///   a handler that reads nothing is called again (level-triggered), as with Dispatch.
/// - `availableBytes` is `FIONREAD`'s count (1 where the descriptor has none, as in libdispatch).
/// - End of file (the other end closed, or a regular file read to its end, with nothing left to
///   read): one call with 0, then the thread ends: handlers are never called again.
/// - `cancel()` wakes the thread through the pipe: no call starts afterwards (one running may
///   finish). The thread holds `deliver` until it ends, then releases it.
/// - The thread blocks every signal it can, as Dispatch's workers do: a signal sent to the
///   process goes to a thread that expects it.
final class ReadabilityThread: Sendable {
    private let wake: WakePipe
    private let cancelled: CancelFlag
    /// `deliver`, kept until `cancel()` also once the thread ended at end of file: as a Dispatch
    /// source keeps its handler, so the watch (and its subscriptions) lives until cancelled.
    private let kept: Locked<(@Sendable (Int) -> Void)?>

    /// Starts watching `fileDescriptor`; `nil` if the system refuses a pipe or a thread (the
    /// caller falls back to Dispatch).
    init?(fileDescriptor: Int32, queue: DispatchQueue, deliver: @escaping @Sendable (Int) -> Void) {
        guard let wake = WakePipe() else { return nil }
        let cancelled = CancelFlag()
        var information = stat()
        let isRegularFile = fstat(fileDescriptor, &information) == 0 && information.st_mode & S_IFMT == S_IFREG
        let watch = Watch(
            fileDescriptor: fileDescriptor, isRegularFile: isRegularFile, queue: queue, wake: wake,
            cancelled: cancelled, deliver: deliver)
        guard startDetachedThread({ watch.run() }) == 0 else { return nil }
        self.wake = wake
        self.cancelled = cancelled
        kept = Locked(deliver)
    }

    /// Stops the watch: no call starts afterwards. Idempotent, callable from a handler.
    func cancel() {
        guard !cancelled.set() else { return }
        wake.signal()
        let released = kept.withLock { $0.take() }
        withExtendedLifetime(released) {}  // after the lock: it holds the handlers
    }
}

/// Whether a watch was cancelled.
private final class CancelFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    var isSet: Bool { flag.load(ordering: .sequentiallyConsistent) }
    /// Sets the flag; returns whether it was set already.
    func set() -> Bool { flag.exchange(true, ordering: .sequentiallyConsistent) }
}

/// A pipe that wakes the watch's poll; closed when both the watch and its thread let it go, so
/// a late `signal()` never writes to a descriptor number reused by another file.
private final class WakePipe: Sendable {
    let readEnd: Int32, writeEnd: Int32

    init?() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        (readEnd, writeEnd) = (ends[0], ends[1])
    }

    func signal() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)  // non-blocking: a full pipe is awake already
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }
}

/// What the watch's thread runs.
private final class Watch: Sendable {
    let fileDescriptor: Int32
    let isRegularFile: Bool
    let queue: DispatchQueue
    let wake: WakePipe
    let cancelled: CancelFlag
    let deliver: @Sendable (Int) -> Void

    init(
        fileDescriptor: Int32, isRegularFile: Bool, queue: DispatchQueue, wake: WakePipe, cancelled: CancelFlag,
        deliver: @escaping @Sendable (Int) -> Void
    ) {
        self.fileDescriptor = fileDescriptor
        self.isRegularFile = isRegularFile
        self.queue = queue
        self.wake = wake
        self.cancelled = cancelled
        self.deliver = deliver
    }

    func run() {
        var blocked = sigset_t()
        sigfillset(&blocked)
        for fault in [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGSYS, SIGABRT] { sigdelset(&blocked, fault) }
        pthread_sigmask(SIG_BLOCK, &blocked, nil)

        let hangUp = Int16(POLLHUP | POLLERR) | 0x2000  // POLLRDHUP, not imported
        var watched = [
            pollfd(fd: fileDescriptor, events: Int16(POLLIN) | 0x2000, revents: 0),
            pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0),
        ]
        let called = DispatchSemaphore(value: 0)
        while !cancelled.isSet {
            guard poll(&watched, 2, -1) >= 0 else {
                if errno == EINTR { continue }
                return
            }
            let events = watched[0].revents
            if cancelled.isSet || watched[1].revents != 0 || events & Int16(POLLNVAL) != 0 { return }
            guard events != 0 else { continue }
            var available: Int32 = 0
            if ioctl(fileDescriptor, UInt(FIONREAD), &available) != 0 { available = 1 }
            let atEnd = available == 0 && (events & hangUp != 0 || isRegularFile)
            let count = Int(available)
            queue.async { [self] in
                if !cancelled.isSet { deliver(count) }
                called.signal()
            }
            called.wait()  // calls never overlap; the next poll sees what the handler left
            if atEnd { return }
        }
    }
}
#endif
