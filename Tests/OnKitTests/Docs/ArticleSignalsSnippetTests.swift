import Dispatch
import Foundation
import OnKit
import Testing

// The Signals and file descriptors article's snippets, verbatim, with assertions on what they
// claim; in SignalTests so that they are serialized with the other signal tests.
extension SignalTests {
    @Test func signalsArticleReloadsAndRestores() async throws {
let reload = try Signal.user1.received { signal in
    print("\(signal) received: reloading")
}

        let delivered = Counter()
        let witness = try Signal.user1.received { _ in delivered.increment() }
        kill(getpid(), SIGUSR1)
        #expect(await pollUntil { delivered.value == 1 })
        witness.cancel()
reload.cancel()             // SIGUSR1 terminates the process again

        #expect(!reload.isActive)
    }

    @Test func fileDescriptorsArticleReadsWhatIsWritten() async throws {
var ends: [Int32] = [0, 0]
pipe(&ends)
let reading = try FileDescriptorEvents.readable(ends[0]) { fd, available in
    var buffer = [UInt8](repeating: 0, count: max(available, 1))
    let count = read(fd, &buffer, buffer.count)
    print(String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self))
}
write(ends[1], "hello", 5)            // the handler prints "hello"

        let readEnd = ends[0]
        #expect(await pollUntil { waitingBytes(readEnd) == 0 }, "the handler did not read")
        reading.cancel()
        close(ends[0])
        close(ends[1])
        #expect(!reading.isActive)
    }

    @Test func fileDescriptorsArticleRefusesANegativeDescriptor() {
do {
    _ = try FileDescriptorEvents.readable(-1) { _, _ in }
} catch {
    print(error)          // -1 is not a file descriptor (negative)
}

        #expect("\(FileDescriptorError.negative(-1))" == "-1 is not a file descriptor (negative)")
    }
}

/// The number of bytes waiting to be read from `descriptor`.
private func waitingBytes(_ descriptor: Int32) -> Int32 {
    var count: Int32 = 0
    _ = ioctl(descriptor, UInt(FIONREAD), &count)
    return count
}
