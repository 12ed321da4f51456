#if os(Linux) && canImport(Glibc)
import Dispatch
import Glibc
import Synchronization

/// How watched signals reach OnKit on Linux, the "self-pipe" technique: the disposition,
/// `writeSignalNumber`, writes the number as one byte to a non-blocking pipe (`write` is
/// async-signal-safe); a thread of OnKit's own reads the other end (poll(2), not a Dispatch
/// read source: see `ReadabilityThread` for the libdispatch crash) and hands each number to the
/// registry.
///
/// That thread is also where a watched signal can always arrive: it leaves exactly the watched
/// signals unblocked (and blocks the others, leaving them to the program's threads). Under
/// `dispatchMain()` the main thread exits and the main queue runs on Dispatch's workers, which
/// block SIGHUP, SIGINT and SIGQUIT among others: without such a thread, a signal sent to the
/// process would wait forever.
///
/// Not Dispatch's signal source: on Linux it reads a `signalfd`, which sees a signal only while
/// every thread blocks it, and no process can block a signal in all its threads (re-sending it
/// from a handler looped, and re-raised faults forever). A pipe needs no signal mask.
///
/// One pipe for the process, never closed: a handler on another thread may still write to it
/// after a watch stops, and a closed descriptor's number could by then be another file's.
final class SignalPipe: Sendable {
    private let writeEnd: Int32

    /// Opens the pipe and starts reading it; `deliver` gets each number, in order, on a private
    /// serial queue. Throws `SignalError.cannotWatch` when `pipe` fails (`EMFILE`).
    init(
        forWatching number: Int32,
        deliver: @escaping @Sendable (Int32) -> Void
    ) throws(SignalError) {
        var ends: [Int32] = [-1, -1]
        // Not `pipe2` (not imported by Glibc): a child spawned meanwhile may inherit the two
        // descriptors, a harmless leak (`exec` resets its dispositions).
        guard pipe(&ends) == 0 else { throw .cannotWatch(number, errno: errno) }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        let reader = SignalPipeReader(readEnd: ends[0], deliver: deliver)
        let status = startDetachedThread { reader.run() }
        guard status == 0 else {
            for end in ends { close(end) }
            throw .cannotWatch(number, errno: status)
        }
        writeEnd = ends[1]
        // Published before any disposition points at the handler.
        signalPipeOwner.store(getpid(), ordering: .releasing)
        signalPipeWriteEnd.store(ends[1], ordering: .releasing)
    }

    /// Makes the pipe handler the disposition of `number`, in one `sigaction`, keeping the flags
    /// for children (`SA_NOCLDSTOP`, `SA_NOCLDWAIT`; an ignored `SIGCHLD` gets `SA_NOCLDWAIT`, so
    /// the kernel still reaps children). Returns the replaced disposition, to restore later.
    func install(for number: Int32) -> sigaction {
        var current = sigaction()
        sigaction(number, nil, &current)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = writeSignalNumber
        action.sa_flags = SA_RESTART | (current.sa_flags & (SA_NOCLDSTOP | SA_NOCLDWAIT))
        if number == SIGCHLD, isIgnore(current) { action.sa_flags |= SA_NOCLDWAIT }
        sigemptyset(&action.sa_mask)
        var previous = sigaction()
        sigaction(number, &action, &previous)
        setWatched(number, true)
        return previous
    }

    /// Tells the reader thread that `number` is no longer watched (its disposition restored):
    /// the thread blocks it again.
    func stopped(watching number: Int32) { setWatched(number, false) }

    private func setWatched(_ number: Int32, _ watched: Bool) {
        let bit: UInt64 = 1 << UInt64(number - 1)
        if watched { watchedSignals.bitwiseOr(bit, ordering: .sequentiallyConsistent) } else {
            watchedSignals.bitwiseAnd(~bit, ordering: .sequentiallyConsistent)
        }
        var wake: UInt8 = 0  // not a signal: wakes the reader, which updates its mask
        _ = write(writeEnd, &wake, 1)
    }
}

/// The signals watched now, bit `n - 1` for signal `n`: the reader thread leaves them unblocked.
private let watchedSignals = Atomic<UInt64>(0)

/// What the pipe's thread runs: reads signal numbers and delivers them, forever.
private final class SignalPipeReader: Sendable {
    let readEnd: Int32
    let deliver: @Sendable (Int32) -> Void

    init(readEnd: Int32, deliver: @escaping @Sendable (Int32) -> Void) {
        self.readEnd = readEnd
        self.deliver = deliver
    }

    func run() {
        var applied: UInt64? = nil
        var bytes = [UInt8](repeating: 0, count: 64)
        var waiting = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
        while true {
            let watched = watchedSignals.load(ordering: .sequentiallyConsistent)
            if watched != applied {
                applyMask(unblocking: watched)
                applied = watched
            }
            // Interrupted by a signal this thread took (EINTR): its byte is in the pipe now.
            guard poll(&waiting, 1, -1) > 0 else { continue }
            // Drains the pipe: `read` fails with EAGAIN once empty (never 0: the write end stays open).
            while case let count = read(readEnd, &bytes, bytes.count), count > 0 {
                for byte in bytes.prefix(count) where byte != 0 { deliver(Int32(byte)) }
            }
        }
    }

    /// Blocks every signal but the faults and `watched`.
    private func applyMask(unblocking watched: UInt64) {
        var mask = sigset_t()
        sigfillset(&mask)
        for fault in [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGSYS, SIGABRT] { sigdelset(&mask, fault) }
        for number in Int32(1)...64 where watched & (1 << UInt64(number - 1)) != 0 { sigdelset(&mask, number) }
        pthread_sigmask(SIG_SETMASK, &mask, nil)
    }
}

/// Whether `action` is `SIG_IGN` (a function pointer is not `Equatable`; `SIG_IGN` is 1).
private func isIgnore(_ action: sigaction) -> Bool {
    guard action.sa_flags & SA_SIGINFO == 0 else { return false }
    return action.__sigaction_handler.sa_handler.map { unsafeBitCast($0, to: Int.self) } == 1
}

/// The write end, -1 before the pipe exists: a global, as a C signal handler gets no context.
/// Stored before any handler is installed, so the handler never runs a lazy initialization.
private let signalPipeWriteEnd = Atomic<Int32>(-1)
/// The process that opened the pipe: a child made by `fork()` inherits the pipe of its parent.
private let signalPipeOwner = Atomic<Int32>(0)

/// The disposition of a watched signal: async-signal-safe calls only, `errno` preserved.
private func writeSignalNumber(_ number: Int32) {
    let savedErrno = errno
    defer { errno = savedErrno }
    guard getpid() == signalPipeOwner.load(ordering: .acquiring) else { return }
    let writeEnd = signalPipeWriteEnd.load(ordering: .acquiring)
    guard writeEnd >= 0 else { return }
    var byte = UInt8(truncatingIfNeeded: number)
    // Non-blocking: with the pipe full, this signal is coalesced with those waiting.
    _ = write(writeEnd, &byte, 1)
}
#endif
