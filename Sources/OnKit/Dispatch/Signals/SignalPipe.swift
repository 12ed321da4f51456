#if os(Linux) && canImport(Glibc)
import Dispatch
import Glibc
import Synchronization

/// How watched signals reach OnKit on Linux, the "self-pipe" technique: the disposition,
/// `writeSignalNumber`, writes the number as one byte to a non-blocking pipe (`write` is
/// async-signal-safe); a Dispatch read source on the other end hands it to the registry.
///
/// Not Dispatch's signal source: on Linux it reads a `signalfd`, which sees a signal only while
/// every thread blocks it, and no process can block a signal in all its threads (re-sending it
/// from a handler looped, and re-raised faults forever). A pipe needs no signal mask.
///
/// One pipe for the process, never closed: a handler on another thread may still write to it
/// after a watch stops, and a closed descriptor's number could by then be another file's.
final class SignalPipe: Sendable {
    private let reader: DispatchSourceHandle

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
        let readEnd = ends[0]
        let source = DispatchSource.makeReadSource(
            fileDescriptor: readEnd,
            queue: DispatchQueue(label: "OnKit.SignalPipe")
        )
        source.setEventHandler {
            var bytes = [UInt8](repeating: 0, count: 64)
            // Drains the pipe: `read` fails with EAGAIN once empty (never 0: the write end stays open).
            while case let count = read(readEnd, &bytes, bytes.count), count > 0 {
                for byte in bytes.prefix(count) { deliver(Int32(byte)) }
            }
        }
        source.resume()
        reader = DispatchSourceHandle(source)
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
        return previous
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
