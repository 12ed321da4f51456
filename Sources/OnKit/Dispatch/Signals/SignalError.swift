/// Why a number is not a signal OnKit can deliver.
public enum SignalError: Error, Equatable, CustomStringConvertible {
    /// Not a signal number on this system.
    case outOfRange(Int32)
    /// `SIGKILL` or `SIGSTOP`: the system never lets a process catch them.
    case cannotBeCaught(Int32)
    /// A number the C library keeps for itself (on glibc, 32 and 33, used by threads).
    case reservedBySystem(Int32)

    /// A readable explanation of the error.
    public var description: String {
        switch self {
        case .outOfRange(let number):
            "\(number) is not a signal number on this system (valid: 1...\(Signal.highestNumber))"
        case .cannotBeCaught(let number):
            "signal \(number) (\(Signal.name(of: number))) cannot be caught, blocked or ignored"
        case .reservedBySystem(let number):
            "signal \(number) is reserved by the C library and cannot be handled"
        }
    }
}
