import Foundation

/// A reusable barrier: `count` threads call `arrive()`, all return once the last has arrived.
final class CoreBarrier: Sendable {
    private let condition = NSCondition()
    private let count: Int
    private let state = CoreBox((arrived: 0, generation: 0))

    init(count: Int) {
        self.count = count
    }

    func arrive() {
        condition.lock()
        let generation = state.storage.generation
        state.storage.arrived += 1
        if state.storage.arrived == count {
            state.storage = (0, generation + 1)
            condition.broadcast()
        } else {
            while state.storage.generation == generation { condition.wait() }
        }
        condition.unlock()
    }
}
