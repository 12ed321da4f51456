#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A POSIX signal, as an event: `Signal.interrupt.subscribe { signal in … }`.
///
/// ```swift
/// let subscription = Signal.terminate.subscribe { signal in
///     print("\(signal) received, shutting down")
///     server.stop()
/// }
/// // …
/// subscription.cancel()   // the last one restores the signal's previous disposition
/// ```
///
/// ## Semantics
/// - Any number of handlers per signal; they share one `DispatchSourceSignal` per signal and run
///   in subscription order, one signal at a time, on a private serial Dispatch queue of that
///   signal, labelled `OnKit.Signal.<NAME>` (e.g. `OnKit.Signal.SIGTERM`).
/// - Standard signals are not queued: signals that arrive while the handlers run (or before
///   Dispatch reads them) may be coalesced into one call.
/// - While at least one handler is subscribed the signal no longer has its default effect (a
///   `SIGTERM` no longer ends the process): its disposition is set to `SIG_IGN` when the first
///   handler subscribes — on Linux then replaced by a small forwarding handler, see below — and
///   the disposition found then is restored when the last handler cancels. Do not change the
///   disposition of a subscribed signal yourself.
/// - `subscribe` returns once Dispatch watches the signal: a signal sent after it returns is
///   delivered.
/// - Cancelling a subscription removes its handler at once (a signal being delivered on the
///   signal's queue at that moment may still reach it) and releases its closure.
///
/// ## Linux
/// Dispatch reads signals through a `signalfd`, which sees only signals that every thread
/// blocks; and the kernel discards a signal whose disposition is `SIG_IGN` before it can be read.
/// So on Linux the disposition while subscribed is a forwarding handler (as Dispatch's own): the
/// thread that receives the signal blocks it and sends it to the process again, for Dispatch to
/// read. Threads that have received it keep it blocked after the last handler cancels (no
/// process can unblock a signal in another thread): the previous disposition is restored, but
/// a signal that no thread accepts then stays pending instead of taking its default effect.
/// Send signals to the process (`kill(getpid(), …)`, the shell's `kill`), not to one thread
/// that blocks them (`raise` on a Dispatch worker thread): those stay pending on that thread.
public struct Signal: Hashable, Sendable, CustomStringConvertible {
    /// The signal number (`SIGINT`, …).
    public let number: Int32

    /// A known-valid signal.
    private init(known number: Int32) {
        self.number = number
    }

    /// The signal with this number.
    ///
    /// - Throws: `SignalError.outOfRange` for a number that is no signal here,
    ///   `.cannotBeCaught` for `SIGKILL` and `SIGSTOP`, `.reservedBySystem` for a number the C
    ///   library keeps for itself.
    public init(number: Int32) throws(SignalError) {
        guard number >= 1, number <= Signal.highestNumber else { throw .outOfRange(number) }
        guard number != SIGKILL, number != SIGSTOP else { throw .cannotBeCaught(number) }
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

    /// Calls `handler` each time the process receives this signal, until cancelled.
    ///
    /// See the type's documentation for the queue, the disposition, and coalescing.
    ///
    /// - Returns: the subscription; cancelling the last one of a signal restores the signal's
    ///   previous disposition. Discarding it keeps the handler subscribed for the process's life.
    @discardableResult
    public func subscribe(_ handler: @escaping @Sendable (Signal) -> Void) -> Subscription {
        SignalRegistry.shared.subscribe(self, handler)
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
        let names: [Int32: String] = [
            SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL",
            SIGTRAP: "SIGTRAP", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE",
            SIGKILL: "SIGKILL", SIGUSR1: "SIGUSR1", SIGSEGV: "SIGSEGV", SIGUSR2: "SIGUSR2",
            SIGPIPE: "SIGPIPE", SIGALRM: "SIGALRM", SIGTERM: "SIGTERM", SIGCHLD: "SIGCHLD",
            SIGCONT: "SIGCONT", SIGSTOP: "SIGSTOP", SIGTSTP: "SIGTSTP", SIGTTIN: "SIGTTIN",
            SIGTTOU: "SIGTTOU", SIGURG: "SIGURG", SIGXCPU: "SIGXCPU", SIGXFSZ: "SIGXFSZ",
            SIGVTALRM: "SIGVTALRM", SIGPROF: "SIGPROF", SIGWINCH: "SIGWINCH", SIGIO: "SIGIO",
            SIGSYS: "SIGSYS",
        ]
        return names[number] ?? "SIG\(number)"
    }
}
