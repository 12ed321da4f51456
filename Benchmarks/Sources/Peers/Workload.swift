/// One measurable operation: the state it needs is built by `prepare`, outside the timing.
///
/// A round is one operation (one send, one subscribe + cancel); `unitsPerRound` says how many
/// units it counts for (the handlers one send reaches), so that results read as ns per unit.
package struct Workload: Sendable {
    /// Shown in tables and used as the ordo-one benchmark name.
    package let name: String
    /// What one round counts for: handlers reached by a send, or 1.
    package let unitsPerRound: Int
    /// Builds the state and returns the timed body, which runs the given number of rounds.
    package let prepare: @Sendable () -> (_ rounds: Int) -> Void

    package init(
        _ name: String,
        unitsPerRound: Int = 1,
        prepare: @escaping @Sendable () -> (_ rounds: Int) -> Void
    ) {
        self.name = name
        self.unitsPerRound = unitsPerRound
        self.prepare = prepare
    }
}

/// What a comparison must show, on `ratio = subject ns per unit / peer ns per unit` from one run.
package enum Goal: Sendable {
    /// The subject costs at most this many times the peer.
    case atMost(Double)
    /// The subject is at least this many times cheaper than the peer (ratio ≤ 1 / factor).
    case cheaperBy(Double)
    /// The ratio stays within `1 ± tolerance` (same cost: O(1) checks).
    case within(Double)
    /// Shown for information only.
    case none

    /// Whether `ratio` meets the goal; nil when there is no goal.
    package func isMet(by ratio: Double) -> Bool? {
        switch self {
        case .atMost(let limit): ratio <= limit
        case .cheaperBy(let factor): ratio * factor <= 1
        case .within(let tolerance): abs(ratio - 1) <= tolerance
        case .none: nil
        }
    }

    /// The goal as printed in the table.
    package var description: String {
        switch self {
        case .atMost(let limit): "≤ \(format(limit))×"
        case .cheaperBy(let factor): "≥ \(format(factor))× cheaper"
        case .within(let tolerance): "1 ± \(format(tolerance))"
        case .none: "(info)"
        }
    }
}

/// Two workloads measured against each other in the same run, and the goal the ratio must meet.
package struct Comparison: Sendable {
    /// A group heading in the table ("send", "subscribe + cancel", ...).
    package let group: String
    package let subject: Workload
    package let peer: Workload
    package let goal: Goal

    package init(_ group: String, _ subject: Workload, versus peer: Workload, goal: Goal) {
        self.group = group
        self.subject = subject
        self.peer = peer
        self.goal = goal
    }
}

/// A number with two decimals, for tables.
package func format(_ value: Double, decimals: Int = 2) -> String {
    guard value.isFinite else { return "\(value)" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = "\(rounded)"
    if let dot = text.firstIndex(of: ".") {
        let fraction = text[text.index(after: dot)...].count
        if fraction < decimals { text += String(repeating: "0", count: decimals - fraction) }
    } else if decimals > 0 {
        text += "." + String(repeating: "0", count: decimals)
    }
    return text
}
