#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Why a number is not a signal OnKit can deliver, or why a signal cannot be watched now.
public enum SignalError: Error, Equatable, CustomStringConvertible {
    /// Not a signal number on this system.
    case outOfRange(Int32)
    /// `SIGKILL` or `SIGSTOP`: the system never lets a process catch them.
    case cannotBeCaught(Int32)
    /// A number the C library keeps for itself (on glibc, 32 and 33, used by threads).
    case reservedBySystem(Int32)
    /// A fault of the thread that raised it (`SIGSEGV`, `SIGBUS`, `SIGILL`, `SIGFPE`, `SIGTRAP`,
    /// `SIGSYS`): handled later on a queue, the faulting instruction would run again forever.
    case synchronousFault(Int32)
    /// The system refused what a watch needs (on Linux, a pipe: `errno` is `EMFILE` when out of
    /// file descriptors); the signal's disposition was left as it was.
    case cannotWatch(Int32, errno: Int32)

    public var description: String {
        switch self {
        case .outOfRange(let number):
            "\(number) is not a signal number on this system (valid: 1...\(Signal.highestNumber))"
        case .cannotBeCaught(let number):
            "signal \(number) (\(Signal.name(of: number))) cannot be caught, blocked or ignored"
        case .reservedBySystem(let number):
            "signal \(number) is reserved by the C library and cannot be handled"
        case .synchronousFault(let number):
            "signal \(number) (\(Signal.name(of: number))) reports a fault of the thread that raised it "
                + "(a crash or a trap) and cannot be handled later on a queue"
        case .cannotWatch(let number, let errno):
            "signal \(number) (\(Signal.name(of: number))) cannot be watched: \(String(cString: strerror(errno)))"
        }
    }
}
