import CHeapStats

/// Heap bytes in use, from glibc's allocator statistics.
///
/// `mallinfo2()` reports `uordblks` (bytes in chunks handed out from the arenas, headers and
/// rounding included: what the process really pays) and `hblkhd` (bytes in chunks too big for
/// the arenas, mapped one by one). Their sum before and after building something, with nothing
/// freed in between, is what that something occupies.
package enum MemoryProbe {
    /// Bytes in use now, or nil where `mallinfo2` does not exist.
    package static func liveBytes() -> Int? {
        let bytes = c_heap_stats_live_bytes()
        return bytes < 0 ? nil : Int(bytes)
    }

    /// Bytes per item that `build(count)` keeps alive: the smallest of a few tries (the first
    /// may pay for lazily created runtime metadata).
    package static func bytesPerItem(count: Int, tries: Int = 5, _ build: (Int) -> Any) -> Double? {
        var best: Int?
        for _ in 0..<tries {
            guard let before = liveBytes() else { return nil }
            let built = build(count)
            guard let after = liveBytes() else { return nil }
            withExtendedLifetime(built) {}
            best = min(best ?? .max, after - before)
        }
        return best.map { Double($0) / Double(count) }
    }
}

/// Memory held per live subscription, OnKit against a peer.
package struct MemoryComparison: Sendable {
    package let name: String
    package let subject: @Sendable (Int) -> Any
    package let peer: @Sendable (Int) -> Any
    package let goal: Goal

    package init(
        _ name: String,
        subject: @escaping @Sendable (Int) -> Any,
        peer: @escaping @Sendable (Int) -> Any,
        goal: Goal
    ) {
        self.name = name
        self.subject = subject
        self.peer = peer
        self.goal = goal
    }
}
