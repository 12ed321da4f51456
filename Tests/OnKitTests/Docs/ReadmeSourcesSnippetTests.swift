import Dispatch
import Foundation
import Testing
import OnKit

// Snippets for notifications, timers and file descriptors, verbatim (CI checks that each README
// and article chunk appears in a test), with assertions on what they claim: the README's
// notification and timer snippets, and the earlier README's. The signal snippet is in
// `SignalTests`, serialized with the other signal tests.

// `nonisolated`: a thread-safe owner. The owner-bound snippets below are the earlier README's
// (kept for what they check); CI compiles this file with `-default-isolation MainActor`
// (.ci/typecheck-docs-main-actor.sh), where a plain class would be a main-actor one.
nonisolated private final class Screen: Sendable {
    let refreshes = Counter()

    func refresh() { refreshes.increment() }
}

@Suite struct ReadmeSourcesSnippetTests {
    @Test func notificationSnippet() {
let center = NotificationCenter()
let screen = Screen()

// One observer per subscription; cancel it, or tie it to a lifetime with `store(in:)`.
let dayChanged = center.on.notification(.NSCalendarDayChanged) { center, notification in
    print("a new day")
}
center.post(name: .NSCalendarDayChanged, object: nil)   // prints "a new day"
dayChanged.cancel()

// Owner-bound: held weakly and handed back; the observer goes once the owner is gone.
center.on.notification(.NSSystemTimeZoneDidChange).subscribe(owner: screen) { screen, _, _ in
    screen.refresh()
}
center.post(name: .NSSystemTimeZoneDidChange, object: nil)   // screen.refresh()

        #expect(!dayChanged.isActive)
        #expect(screen.refreshes.value == 1)
    }

    @Test func timerSnippet() async throws {
        let screen = Screen()
let ticking = try DispatchTimer.every(0.2) { timer in
    print("tick \(timer.fireCount)")
    if timer.fireCount == 3 { timer.cancel() }    // a timer can stop itself
}
try DispatchTimer.after(0.1).fired(owner: screen) { screen, timer, _ in screen.refresh() }

        #expect(await pollUntil { screen.refreshes.value == 1 })
        #expect(await pollUntil { !ticking.isActive }, "the timer did not stop itself")
        ticking.cancel()
    }

    @Test func foundationTimerSnippet() throws {
let timer = try Timer.on(every: 1)
timer.on.tick { timer in print("tick") }
RunLoop.main.add(timer, forMode: .common)         // fires while the main run loop runs
// …
timer.on.invalidate()                             // stops it and releases the handlers

        #expect(!timer.isValid)
        #expect(!timer.on.tick { _ in }.isActive, "a finished timer refuses handlers")
        #expect(!Timer(timeInterval: 1, repeats: false) { _ in }.on.tick { _ in }.isActive)
    }

    @Test func fileDescriptorSnippet() async throws {
var ends: [Int32] = [0, 0]
pipe(&ends)
let reading = try FileDescriptorEvents.readable(ends[0]) { descriptor, availableBytes in
    var buffer = [UInt8](repeating: 0, count: max(availableBytes, 1))
    let count = read(descriptor, &buffer, buffer.count)
    print(String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self))
}
write(ends[1], "hello", 5)                        // the handler prints "hello"

        let readEnd = ends[0]
        #expect(await pollUntil { bytesWaiting(in: readEnd) == 0 }, "the handler did not read")
reading.cancel()                                  // stop watching first: you own the descriptor
close(ends[0])
close(ends[1])

        #expect(!reading.isActive)
    }

    @Test func badInputSnippet() {
do {
    _ = try FileDescriptorEvents.readable(-1) { _, _ in }
} catch {
    print(error)                                  // -1 is not a file descriptor (negative)
}

        #expect(throws: FileDescriptorError.negative(-1)) {
            try FileDescriptorEvents.readable(-1) { _, _ in }
        }
        #expect("\(FileDescriptorError.negative(-1))" == "-1 is not a file descriptor (negative)")
    }
}

/// The number of bytes waiting to be read from `descriptor`.
private func bytesWaiting(in descriptor: Int32) -> Int32 {
    var count: Int32 = 0
    _ = ioctl(descriptor, UInt(FIONREAD), &count)
    return count
}
