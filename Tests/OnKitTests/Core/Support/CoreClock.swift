import Foundation

/// A logical clock: every `tick()` returns a number larger than every earlier tick, on any thread.
/// Stamping "before a send starts" and "after cancel returned" with it orders them exactly.
final class CoreClock: Sendable {
    private let lock = NSLock()
    private let now = CoreBox(0)

    func tick() -> Int {
        lock.withLock {
            now.storage += 1
            return now.storage
        }
    }
}
