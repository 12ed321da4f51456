#if os(Linux) && canImport(Glibc)
import Dispatch
import Glibc
import Synchronization

/// How watched signals reach OnKit on Linux: the "self-pipe" technique.
///
/// The disposition of a watched signal is `writeSignalNumber`, which writes the signal's number
/// as one byte to a non-blocking pipe (`write` is async-signal-safe); a Dispatch read source on
/// the other end hands each number to the registry.
///
/// Why not Dispatch's own signal source: on Linux it reads a `signalfd`, which sees a signal only
/// while every thread blocks it. A handler must then block it in the thread that took it and
/// send it again; but a block set in a handler is undone when the handler returns, so the
/// signal was re-sent in a loop (125 `kill` calls for 21 signals), a fault was re-raised forever,
/// and no process can block a signal in its other threads anyway. A pipe needs no signal mask:
/// every signal taken by any thread runs the handler once and is read once.
///
/// One pipe for the process, opened by the first watch and never closed: a handler running on
/// another thread may still write to it after a watch stops, and a closed descriptor's number
/// could by then belong to another file.
final class SignalPipe: Sendable {
    private let reader: DispatchSourceHandle

    /// Opens the pipe and starts reading it; `deliver` gets each signal number, in order, on a
    /// private serial queue.
    ///
    /// - Throws: `SignalError.cannotWatch(number, errno:)` when `pipe2` fails (`EMFILE` when the
    ///   process is out of descriptors).
    init(
        forWatching number: Int32,
        deliver: @escaping @Sendable (Int32) -> Void
    ) throws(SignalError) {
        var ends: [Int32] = [-1, -1]
        // `pipe2` (flags set atomically) is a GNU extension the Glibc module does not import:
        // a child spawned by another thread in between may inherit the two descriptors (a leak
        // into that child, nothing more: `exec` resets its dispositions).
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
            // Drains the pipe: `read` fails with EAGAIN once it is empty (never 0: the write
            // end stays open).
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

    /// Makes the pipe handler the disposition of `number`, keeping the flags that decide what
    /// happens to children (`SA_NOCLDSTOP`, `SA_NOCLDWAIT`; a `SIGCHLD` that was ignored gets
    /// `SA_NOCLDWAIT`, so children are still reaped by the kernel as before). The handler is
    /// installed by one `sigaction` call: there is no moment with another disposition.
    ///
    /// - Returns: the disposition it replaced, to restore when the watch stops.
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

/// The pipe's write end for the handler, -1 before the pipe exists. Globals, not properties: a C
/// signal handler gets no context. Both are stored before any handler is installed, so the
/// handler never runs their lazy initialization.
private let signalPipeWriteEnd = Atomic<Int32>(-1)
/// The process that opened the pipe: a child made by `fork()` inherits the pipe of its parent.
private let signalPipeOwner = Atomic<Int32>(0)

/// The disposition of a watched signal: async-signal-safe calls only (`getpid`, `write`), and
/// `errno` preserved for the code the signal interrupted.
private func writeSignalNumber(_ number: Int32) {
    let savedErrno = errno
    defer { errno = savedErrno }
    guard getpid() == signalPipeOwner.load(ordering: .acquiring) else { return }
    let writeEnd = signalPipeWriteEnd.load(ordering: .acquiring)
    guard writeEnd >= 0 else { return }
    var byte = UInt8(truncatingIfNeeded: number)
    // Non-blocking: with the pipe full (thousands of signals unread), this one is coalesced
    // with those already waiting.
    _ = write(writeEnd, &byte, 1)
}
#endif
