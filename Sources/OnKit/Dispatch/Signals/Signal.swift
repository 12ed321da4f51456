#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A POSIX signal, as an event: `let interrupts = try Signal.interrupt.received { signal in … }`.
///
/// ## Semantics
/// - Handlers run in subscription order, one signal at a time, on the signal's private serial
///   queue, labelled `OnKit.Signal.<NAME>` (e.g. `OnKit.Signal.SIGTERM`).
/// - Each signal received is delivered once; standard signals are not queued, so those that
///   arrive before the handlers read them may be coalesced into one call.
/// - While a handler is subscribed, a signal whose default ends or stops the process
///   (`SIGTERM`, `SIGINT`, …) no longer does; the disposition found at the first subscribe is
///   restored at the last cancel. Nothing else changes: a signal ignored by default (`SIGCHLD`,
///   `SIGWINCH`, `SIGURG`, `SIGCONT`) keeps its meaning, so children's exit statuses stay for
///   `waitpid` (OnKit never sets `SIG_IGN` on `SIGCHLD`, and sets `SA_NOCLDWAIT` only where it
///   was ignored before). Do not change a subscribed signal's disposition yourself.
/// - Subscribing returns once the signal is watched: a signal sent after it is delivered.
/// - Cancelling removes the handler at once (a delivery running on the queue may still reach
///   it) and releases its closure.
/// - Faults (`SIGSEGV`, `SIGBUS`, …) cannot be subscribed: see `SignalError.synchronousFault`.
///
/// ## Platforms
/// On Linux the disposition while subscribed writes the number to a pipe (see `SignalPipe`),
/// read by a thread of OnKit's own that leaves exactly the watched signals unblocked: the
/// program's threads keep their masks, and a signal sent to the process still arrives where
/// every other thread blocks it (under `dispatchMain()`, Dispatch's workers do). The pipe and
/// thread are made by the process's first `received` (the only call that can fail for lack of
/// descriptors or threads). In a child forked without `exec` the handler does nothing.
/// Apple platforms use a `DispatchSourceSignal` (kqueue), and `SIG_IGN` while subscribed for a
/// signal that would end or stop the process.
public struct Signal: Hashable, Sendable, CustomStringConvertible {
    /// The signal number (`SIGINT`, …).
    public let number: Int32

    /// A known-valid signal (a constant below, or a number the registry watches).
    init(known number: Int32) { self.number = number }

    /// The signal with this number.
    ///
    /// - Throws: `SignalError.outOfRange` for a number that is no signal here, `.cannotBeCaught`
    ///   for `SIGKILL` and `SIGSTOP`, `.synchronousFault` for the signals of a crash,
    ///   `.reservedBySystem` for a number the C library keeps for itself.
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
    /// `SIGINT` (Ctrl-C) and `SIGQUIT` (Ctrl-\).
    public static let interrupt = Signal(known: SIGINT), quit = Signal(known: SIGQUIT)
    /// `SIGTERM`: a polite request to end (the default of `kill`).
    public static let terminate = Signal(known: SIGTERM)
    /// `SIGUSR1` and `SIGUSR2`: for the application's own use.
    public static let user1 = Signal(known: SIGUSR1), user2 = Signal(known: SIGUSR2)
    /// `SIGALRM`: an `alarm()` expired.
    public static let alarm = Signal(known: SIGALRM)
    /// `SIGCHLD`: a child process stopped or ended.
    public static let childStatusChanged = Signal(known: SIGCHLD)
    /// `SIGPIPE`: a write to a pipe or socket with no reader.
    public static let brokenPipe = Signal(known: SIGPIPE)
    /// `SIGWINCH`: the terminal window changed size.
    public static let windowSizeChanged = Signal(known: SIGWINCH)
    /// `SIGTSTP` (Ctrl-Z), and `SIGCONT`, sent when the process continues after a stop.
    public static let terminalStop = Signal(known: SIGTSTP), continued = Signal(known: SIGCONT)

    /// The conventional name, such as `SIGTERM`; `SIG<number>` for others.
    public var name: String { Signal.name(of: number) }

    /// The signal's name, such as `SIGTERM`.
    public var description: String { name }

    /// Each time the process receives this signal, as an event: handlers get the signal. To
    /// wait for one: `try await Signal.terminate.received.next()`.
    ///
    /// Watched while it has handlers (see the type for queue, disposition and coalescing); a
    /// discarded subscription keeps its handler for the process's life.
    ///
    /// - Throws: `SignalError.cannotWatch` when the system refuses what a watch needs (on Linux,
    ///   the process's first signal event needs two file descriptors), leaving the disposition
    ///   as it was. Once this returns, subscribing cannot fail.
    public var received: ReadOnlyEvent<Signal, Void> {
        get throws(SignalError) { try SignalRegistry.shared.event(of: self) }
    }

    /// Whether `number` reports a fault of the thread that raised it (a crash; a Swift trap is
    /// `SIGILL` on x86, `SIGTRAP` on arm64; `SIGSYS`): delivered on a queue, the faulting
    /// instruction would run again, and a crash become a hang.
    static func isSynchronousFault(_ number: Int32) -> Bool {
        #if canImport(Darwin)
        if number == SIGEMT { return true }
        #endif
        return [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGSYS].contains(number)
    }

    /// Whether `number`'s default action is to do nothing (`SIGCONT` continues whatever the
    /// disposition): watching it needs no other disposition.
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
        if number == SIGEMT { return "SIGEMT" }
        if number == SIGINFO { return "SIGINFO" }
        #endif
        return common[number] ?? "SIG\(number)"
    }
}
