/// SplitMix64 (Steele, Lea, Flood 2014): a tiny seeded generator, so that a failing random
/// sequence is reproduced from its seed, on any toolchain.
struct CoreSplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (modulo bias is irrelevant here).
    mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0, "below(0) has no answer")
        return Int(next() % UInt64(bound))
    }

    /// Picks an index from `weights`, each with probability proportional to its weight.
    mutating func pick(weights: [Int]) -> Int {
        var roll = below(weights.reduce(0, +))
        for (index, weight) in weights.enumerated() {
            if roll < weight { return index }
            roll -= weight
        }
        return weights.count - 1
    }
}
