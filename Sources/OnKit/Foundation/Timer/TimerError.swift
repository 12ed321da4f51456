/// Why a timer could not be started.
public enum TimerError: Error, Equatable, CustomStringConvertible {
    /// A repeating interval that is not more than zero and at most `DispatchTimer.maximumSeconds`.
    case invalidInterval(Double)
    /// A delay that is not between zero and `DispatchTimer.maximumSeconds`.
    case invalidDelay(Double)

    /// A readable explanation of the error.
    public var description: String {
        switch self {
        case .invalidInterval(let seconds):
            "invalid timer interval \(seconds) s: a repeating timer needs "
                + "0 < interval ≤ DispatchTimer.maximumSeconds"
        case .invalidDelay(let seconds):
            "invalid timer delay \(seconds) s: a delay must be in 0 ... DispatchTimer.maximumSeconds"
        }
    }
}
