import Dispatch
import Foundation
import Testing
import OnKit

/// A real `pipe()` (not Foundation's `Pipe`), closed when the test is done with it.
private final class OSPipe: Sendable {
    let readEnd: Int32
    let writeEnd: Int32

    init() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0, "pipe() failed: errno \(errno)")
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    func write(_ text: String) {
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Foundation.write(writeEnd, $0.baseAddress, $0.count) }
        #expect(written == bytes.count)
    }

    func closeWriteEnd() { close(writeEnd) }

    func closeBoth() {
        close(readEnd)
        close(writeEnd)
    }
}

/// Reads what the handler was told is available, and records it.
private func readAvailable(_ descriptor: Int32, _ available: Int, into text: Recorder<String>) {
    var buffer = [UInt8](repeating: 0, count: max(available, 1))
    let count = read(descriptor, &buffer, buffer.count)
    if count > 0 { text.append(String(decoding: buffer.prefix(count), as: UTF8.self)) }
}

@Suite struct FileDescriptorEventsTests {
    @Test func readableIsAnEventThatEndsWithItsLastHandler() async throws {
        let pipe = try OSPipe()
        defer { pipe.closeBoth() }
        let readable = try FileDescriptorEvents.readable(pipe.readEnd)
        let owner = Tracked("reader")
        let text = Recorder<String>()
        let subscription = readable.subscribe(owner: owner) { owner, descriptor, available in
            readAvailable(descriptor, available, into: text)
        }
        pipe.write("hello")
        #expect(await pollUntil { text.values == ["hello"] })
        #expect(readable -= subscription)
        #expect(!readable { _, _ in }.isActive, "the watch ended with its last handler")
    }

    @Test func handlerReceivesWhatIsWrittenToAPipe() async throws {
        let pipe = try OSPipe()
        defer { pipe.closeBoth() }
        let text = Recorder<String>()
        let descriptors = Recorder<Int32>()
        let subscription = try FileDescriptorEvents.readable(pipe.readEnd) { descriptor, available in
            descriptors.append(descriptor)
            readAvailable(descriptor, available, into: text)
        }
        pipe.write("hello")
        #expect(await pollUntil { text.values.joined() == "hello" }, "got \(text.values)")
        pipe.write(" world")
        #expect(await pollUntil { text.values.joined() == "hello world" }, "got \(text.values)")
        #expect(Set(descriptors.values) == [pipe.readEnd])
        #expect(subscription.cancel())
    }

    @Test func cancelStopsDeliveryAndReleasesTheHandler() async throws {
        let pipe = try OSPipe()
        defer { pipe.closeBoth() }
        var captured: Tracked? = Tracked()
        weak let weakCaptured = captured
        let calls = Counter()
        let text = Recorder<String>()
        let subscription = try FileDescriptorEvents.readable(pipe.readEnd) {
            [captured] descriptor, available in
            _ = captured
            calls.increment()
            readAvailable(descriptor, available, into: text)
        }
        captured = nil
        pipe.write("one")
        #expect(await pollUntil { text.values.joined() == "one" })
        #expect(subscription.isActive)
        #expect(subscription.cancel())
        #expect(!subscription.cancel())
        #expect(!subscription.isActive)
        #expect(await pollUntil { weakCaptured == nil }, "the handler outlived cancel()")
        let callsAtCancel = calls.value
        pipe.write("two")
        await settle()
        #expect(calls.value == callsAtCancel)
        #expect(text.values.joined() == "one")
    }

    /// The documented way to detect end of file: in a call with 0 available bytes, read until
    /// `read` returns 0. On Linux that call comes while data is still unread, and is the last.
    @Test func endOfFileIsReadToTheEndInTheCallWithZeroAvailableBytes() async throws {
        let pipe = try OSPipe()
        defer { close(pipe.readEnd) }
        pipe.write("last words")
        pipe.closeWriteEnd()
        let text = Recorder<String>()
        let endOfFile = Counter()
        let subscription = try FileDescriptorEvents.readable(pipe.readEnd) { descriptor, available in
            var buffer = [UInt8](repeating: 0, count: max(available, 4))  // small: several reads
            repeat {
                let count = read(descriptor, &buffer, buffer.count)
                guard count > 0 else { return endOfFile.increment() }
                text.append(String(decoding: buffer.prefix(count), as: UTF8.self))
            } while available == 0
        }
        #expect(await pollUntil { endOfFile.value > 0 }, "end of file not reached: \(text.values)")
        #expect(text.values.joined() == "last words")
        #expect(subscription.cancel())
    }

    @Test func negativeDescriptorThrows() {
        #expect(throws: FileDescriptorError.negative(-1)) {
            try FileDescriptorEvents.readable(-1) { _, _ in }
        }
    }

    @Test func descriptorThatIsNotOpenThrows() throws {
        // Not a just-closed descriptor: a parallel test may reuse its number at once. A number
        // far above any in use is closed for certain.
        let closed: Int32 = 1_000_000
        #expect(throws: FileDescriptorError.notOpen(closed, errno: EBADF)) {
            try FileDescriptorEvents.readable(closed) { _, _ in }
        }
        #expect(FileDescriptorError.notOpen(closed, errno: EBADF).description.contains("not open"))
    }

    @Test func directoryThrows() throws {
        let directory = open(NSTemporaryDirectory(), O_RDONLY | O_DIRECTORY)
        try #require(directory >= 0, "open failed: errno \(errno)")
        defer { close(directory) }
        #expect(throws: FileDescriptorError.directory(directory)) {
            try FileDescriptorEvents.readable(directory) { _, _ in }
        }
        #expect(FileDescriptorError.directory(directory).description.contains("directory"))
    }

    @Test func writeOnlyDescriptorThrows() throws {
        let pipe = try OSPipe()
        defer { pipe.closeBoth() }
        #expect(throws: FileDescriptorError.writeOnly(pipe.writeEnd)) {
            try FileDescriptorEvents.readable(pipe.writeEnd) { _, _ in }
        }
        #expect(FileDescriptorError.writeOnly(pipe.writeEnd).description.contains("writing only"))
    }

    #if os(Linux)
    @Test func pathOnlyDescriptorThrows() throws {
        let pathOnly = open("/dev/null", 0o10000000)  // O_PATH, not imported by Glibc
        try #require(pathOnly >= 0, "open failed: errno \(errno)")
        defer { close(pathOnly) }
        #expect(throws: FileDescriptorError.pathOnly(pathOnly)) {
            try FileDescriptorEvents.readable(pathOnly) { _, _ in }
        }
    }
    #endif

    @Test func readableAndReadWriteDescriptorsAreAccepted() throws {
        let pipe = try OSPipe()
        defer { pipe.closeBoth() }
        let readWrite = open("/dev/null", O_RDWR)
        try #require(readWrite >= 0, "open failed: errno \(errno)")
        defer { close(readWrite) }
        try FileDescriptorEvents.readable(pipe.readEnd) { _, _ in }.cancel()
        try FileDescriptorEvents.readable(readWrite) { _, _ in }.cancel()
    }
}
