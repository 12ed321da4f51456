import Foundation

/// Records values from any thread, in arrival order, for tests to assert on.
///
/// Built on `NSLock` rather than `Synchronization.Mutex`: the thread sanitizer cannot see a futex
/// and reports false races with `Mutex` on Linux, but it understands pthread mutexes.
nonisolated final class Recorder<Value: Sendable>: Sendable {
    // NSLock is Sendable; `values` is only touched under it.
    private let lock = NSLock()
    private let storage = Storage()

    private final class Storage: @unchecked Sendable {
        // @unchecked is sound: only accessed while `Recorder.lock` is held.
        var values: [Value] = []
    }

    init() {}

    func append(_ value: Value) {
        lock.withLock { storage.values.append(value) }
    }

    var values: [Value] { lock.withLock { storage.values } }

    var count: Int { lock.withLock { storage.values.count } }

    func removeAll() {
        lock.withLock { storage.values.removeAll() }
    }
}

/// A thread-safe counter.
nonisolated final class Counter: Sendable {
    private let recorder = Recorder<Void>()

    init() {}

    func increment() { recorder.append(()) }

    var value: Int { recorder.count }
}

/// An object whose deallocation tests check through a weak reference.
final class Tracked: Sendable {
    let name: String

    init(_ name: String = "tracked") {
        self.name = name
    }
}
