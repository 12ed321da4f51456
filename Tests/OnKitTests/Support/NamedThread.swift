import Foundation

/// Where `onNewThread` writes its thread's name: `Thread.name` is the 15-byte pthread name on Linux.
private let threadNameKey = "onkit-test-thread-name"

/// The name `onNewThread` gave this thread, or `""`.
var currentTestThreadName: String { Thread.current.threadDictionary[threadNameKey] as? String ?? "" }

/// Runs `body` on a new thread of its own, named uniquely, and returns its result and that name:
/// a test can then check where a `deinit` ran (`currentTestThreadName`; a Dispatch worker, where
/// the Linux side table may release values, has another name or none).
func onNewThread<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> (result: Result, thread: String) {
    let name = "onkit-test-\(UUID().uuidString)"
    return await withCheckedContinuation { continuation in
        let thread = Thread {
            Thread.current.threadDictionary[threadNameKey] = name
            continuation.resume(returning: (body(), name))
        }
        thread.start()
    }
}

/// The threads on which `deinit`s recorded by `record()` ran, in order.
final class ReleaseThreads: Sendable {
    private let names = Recorder<String>()

    /// Records the current thread's name (`""` for an unnamed one).
    func record() { names.append(currentTestThreadName) }

    /// The names recorded so far.
    var values: [String] { names.values }
}
