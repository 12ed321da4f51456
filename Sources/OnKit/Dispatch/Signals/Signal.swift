#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A POSIX signal, as an event: `try Signal.interrupt.received { signal in … }`.
///
/// ```swift
/// let subscription = try Signal.terminate.received { signal in
///     print("\(signal) received, shutting down")
///     server.stop()
/// }
/// // …
/// subscription.cancel()   // the last one restores the signal's previous disposition
/// ```
///
/// ## Semantics
/// - Any number of handlers per signal; they run in subscription order, one signal at a time,
///   on a private serial Dispatch queue of that signal, labelled `OnKit.Signal.<NAME>` (e.g.
///   `OnKit.Signal.SIGTERM`).
/// - Each signal the process receives is delivered once. Standard signals are not queued:
///   signals that arrive while the handlers run (or before they are read) may be coalesced into
///   one call.
/// - A signal whose default action ends or stops the process (`SIGTERM`, `SIGINT`, …) no longer
///   does while at least one handler is subscribed; the disposition found when the first handler
///   subscribes is restored when the last one cancels. Subscribing changes nothing else: a
///   signal whose default is to be ignored (`SIGCHLD`, `SIGWINCH`, `SIGURG`, `SIGCONT`) keeps its
///   meaning, and in particular children's exit statuses stay for `waitpid` to collect: OnKit
///   never sets `SIG_IGN` on `SIGCHLD`, and sets `SA_NOCLDWAIT` only where `SIGCHLD` was ignored
///   before, so that the kernel keeps reaping children as it did. Do not change the disposition
///   of a subscribed signal yourself.
/// - Subscribing returns once the signal is watched: a signal sent after it returns is
///   delivered. `received` throws `SignalError.cannotWatch` when the system refuses what a
///   watch needs, and then leaves the disposition as it was; subscribing cannot fail.
/// - Cancelling a subscription removes its handler at once (a signal being delivered on the
///   signal's queue at that moment may still reach it) and releases its closure.
/// - Faults (`SIGSEGV`, `SIGBUS`, `SIGILL`, `SIGFPE`, `SIGTRAP`, `SIGSYS`) cannot be subscribed:
///   see `SignalError.synchronousFault`.
///
/// ## Linux
/// The disposition while subscribed is a tiny handler that writes the signal's number to a pipe
/// (the "self-pipe" technique); a Dispatch read source on the other end delivers it. No thread's
/// signal mask is ever changed, so when the last handler cancels the signal means exactly what
/// it meant before. The pipe (two file descriptors, close-on-exec) and its reader are created by
/// the first `received` of the process and kept for its life: only that first `received` can
/// fail for lack of descriptors. A signal reaches a handler only through a thread that does not
/// block it (Dispatch's threads block most signals; the main thread usually does not): a signal
/// that every thread blocks stays pending. In a child made by `fork()` without `exec`, the
/// handler does nothing: the inherited pipe belongs to the parent.
///
/// ## Apple platforms
/// Each watched signal has a `DispatchSourceSignal` (kqueue), which sees every signal sent,
/// whatever its disposition. A signal that would end or stop the process is set to `SIG_IGN`
/// while subscribed; a signal whose default action is to be ignored keeps its disposition.
public struct Signal: Hashable, Sendable, CustomStringConvertible {
    /// The signal number (`SIGINT`, …).
    public let number: Int32

    /// A known-valid signal (a constant below, or a number the registry watches).
    init(known number: Int32) {
        self.number = number
    }

    /// The signal with this number.
    ///
    /// - Throws: `SignalError.outOfRange` for a number that is no signal here,
    ///   `.cannotBeCaught` for `SIGKILL` and `SIGSTOP`, `.synchronousFault` for the signals of a
    ///   crash (`SIGSEGV`, `SIGBUS`, `SIGILL`, `SIGFPE`, `SIGTRAP`, `SIGSYS`), `.reservedBySystem`
    ///   for a number the C library keeps for itself.
    public init(number: Int32) throws(SignalError) {
        guard number >= 1, number <= Signal.highestNumber else { throw .outOfRange(number) }
        guard number != SIGKILL, number != SIGSTOP else { throw .cannotBeCaught(number) }
        guard !Signal.isSynchronousFault(number) else { throw .synchronousFault(number) }
        var current = sigaction()
        guard sigaction(number, nil, &current) == 0 else { throw .reservedBySystem(number) }
        self.number = number
    }

    /// `SIGHUP`: the controlling terminal closed; by convention, "reload your configuration".
    public static let hangUp = Signal(known: SIGHUP)
    /// `SIGINT`: Ctrl-C.
    public static let interrupt = Signal(known: SIGINT)
    /// `SIGQUIT`: Ctrl-\.
    public static let quit = Signal(known: SIGQUIT)
    /// `SIGTERM`: a polite request to end (the default of `kill`).
    public static let terminate = Signal(known: SIGTERM)
    /// `SIGUSR1`: for the application's own use.
    public static let user1 = Signal(known: SIGUSR1)
    /// `SIGUSR2`: for the application's own use.
    public static let user2 = Signal(known: SIGUSR2)
    /// `SIGALRM`: an `alarm()` expired.
    public static let alarm = Signal(known: SIGALRM)
    /// `SIGCHLD`: a child process stopped or ended.
    public static let childStatusChanged = Signal(known: SIGCHLD)
    /// `SIGPIPE`: a write to a pipe or socket with no reader.
    public static let brokenPipe = Signal(known: SIGPIPE)
    /// `SIGWINCH`: the terminal window changed size.
    public static let windowSizeChanged = Signal(known: SIGWINCH)
    /// `SIGTSTP`: Ctrl-Z.
    public static let terminalStop = Signal(known: SIGTSTP)
    /// `SIGCONT`: the process continues after a stop.
    public static let continued = Signal(known: SIGCONT)

    /// The conventional name, such as `SIGTERM`; `SIG<number>` for others.
    public var name: String { Signal.name(of: number) }

    /// The signal's name, such as `SIGTERM`.
    public var description: String { name }

    /// Each time the process receives this signal, as an event: handlers get the signal.
    ///
    /// ```swift
    /// try Signal.hangUp.received { signal in reloadConfiguration() }
    /// try await Signal.terminate.received.next()   // waits for SIGTERM
    /// ```
    ///
    /// See the type's documentation for the queue, the disposition, and coalescing. The signal
    /// is watched while the event has handlers: subscribing the first one starts the watch (the
    /// call returns once the signal is watched), cancelling the last one restores the signal's
    /// previous disposition. Discarding a subscription keeps its handler for the process's life.
    ///
    /// - Throws: `SignalError.cannotWatch` when the system refuses what a watch needs (on
    ///   Linux, the process's first use of a signal event needs two file descriptors); the
    ///   disposition is then left as it was. Once this returns, subscribing cannot fail.
    public var received: ReadOnlyEvent<Signal, Void> {
        get throws(SignalError) { try SignalRegistry.shared.event(of: self) }
    }

    /// Whether `number` reports a fault of the thread that raised it: the signals of a crash or
    /// a trap (a Swift trap is `SIGILL` on x86, `SIGTRAP` on arm64), and `SIGSYS` (a bad or
    /// forbidden system call). Delivered on a queue, they would return to the faulting
    /// instruction, which faults again: a crash would become a hang.
    static func isSynchronousFault(_ number: Int32) -> Bool {
        #if canImport(Darwin)
        if number == SIGEMT { return true }
        #endif
        return [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGSYS].contains(number)
    }

    /// Whether the default action of `number` is to do nothing (`SIGCONT`'s continuing happens
    /// whatever the disposition): such a signal needs no other disposition to be watched.
    static func isIgnoredByDefault(_ number: Int32) -> Bool {
        #if canImport(Darwin)
        if number == SIGINFO || number == SIGIO { return true }
        #endif
        return [SIGCHLD, SIGURG, SIGWINCH, SIGCONT].contains(number)
    }

    /// The highest signal number of this system.
    static var highestNumber: Int32 {
        #if os(Linux) || os(Android)
        64  // glibc's and musl's _NSIG - 1, real-time signals included
        #else
        31  // NSIG - 1 on Apple platforms
        #endif
    }

    static func name(of number: Int32) -> String {
        let common: [Int32: String] = [
            SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL",
            SIGTRAP: "SIGTRAP", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE",
            SIGKILL: "SIGKILL", SIGUSR1: "SIGUSR1", SIGSEGV: "SIGSEGV", SIGUSR2: "SIGUSR2",
            SIGPIPE: "SIGPIPE", SIGALRM: "SIGALRM", SIGTERM: "SIGTERM", SIGCHLD: "SIGCHLD",
            SIGCONT: "SIGCONT", SIGSTOP: "SIGSTOP", SIGTSTP: "SIGTSTP", SIGTTIN: "SIGTTIN",
            SIGTTOU: "SIGTTOU", SIGURG: "SIGURG", SIGXCPU: "SIGXCPU", SIGXFSZ: "SIGXFSZ",
            SIGVTALRM: "SIGVTALRM", SIGPROF: "SIGPROF", SIGWINCH: "SIGWINCH", SIGIO: "SIGIO",
            SIGSYS: "SIGSYS",
        ]
        #if canImport(Darwin)
        let names = common.merging([SIGEMT: "SIGEMT", SIGINFO: "SIGINFO"]) { first, _ in first }
        #else
        let names = common
        #endif
        return names[number] ?? "SIG\(number)"
    }
}
