import Dispatch
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// File descriptors as events: a handler called while a descriptor has data to read.
///
/// ```swift
/// var ends: [Int32] = [0, 0]
/// pipe(&ends)
/// let reading = try FileDescriptorEvents.readable(ends[0]) { fd, available in
///     var buffer = [UInt8](repeating: 0, count: max(available, 1024))
///     repeat {
///         let count = read(fd, &buffer, buffer.count)
///         guard count > 0 else { return print("end of file") }  // cancel now
///         print(String(decoding: buffer.prefix(count), as: UTF8.self))
///     } while available == 0  // the writer is gone: read to the end
/// }
///
/// reading.cancel()
/// close(ends[0])
/// ```
public enum FileDescriptorEvents {
    /// A handler: gets the descriptor and an estimate of the bytes available to read.
    public typealias ReadableHandler = @Sendable (_ fileDescriptor: Int32, _ availableBytes: Int) -> Void

    /// The moments `fileDescriptor` has data to read, as an event: handlers get the descriptor
    /// and Dispatch's estimate of the bytes available, on `queue`:
    /// `try FileDescriptorEvents.readable(socket).subscribe(owner: connection) { connection, descriptor, availableBytes in … }`.
    ///
    /// Watched from when the first handler subscribes: on Apple platforms by a
    /// `DispatchSourceRead`; on Linux by poll(2) on a thread of the watch's own, because
    /// Dispatch's read sources crash under load there (swift-corelibs-libdispatch #949; see the
    /// Signals and file descriptors article). Level-triggered: handlers are called again while
    /// data is left unread (a regular file is always readable). Calls do not overlap.
    ///
    /// - End of file: when the other end of a pipe, socket or terminal closes, handlers get
    ///   `availableBytes == 0` (on Apple platforms even with data unread; on Linux once the rest
    ///   is read), and on Linux are never called again (Apple platforms keep calling). So read
    ///   until `read` returns 0 (it does not block with the writer gone) and cancel, from the
    ///   handler if you like.
    /// - The descriptor is yours: OnKit never reads, duplicates or closes it. Cancel before you
    ///   close it (a call already running may still read it; closing from the handler after
    ///   `cancel()` is safe).
    /// - The watch runs while the event has handlers (a discarded subscription keeps it). When the
    ///   last handler goes, the watch ends for good and releases the handlers: later
    ///   registrations are inactive; call `readable` again to watch again.
    ///
    /// - Throws: for a descriptor that could never fire: `FileDescriptorError.negative`,
    ///   `.notOpen` (`fcntl(F_GETFD)` fails), `.writeOnly` (a pipe's write end), `.directory`,
    ///   `.pathOnly` (Linux `O_PATH`). Not detected: a file the system cannot poll (Linux
    ///   `/dev/null`) is accepted and never reported readable.
    public static func readable(
        _ fileDescriptor: Int32,
        queue: DispatchQueue = .global()
    ) throws(FileDescriptorError) -> ReadOnlyEvent<Int32, Int> {
        guard fileDescriptor >= 0 else { throw .negative(fileDescriptor) }
        guard fcntl(fileDescriptor, F_GETFD) != -1 else { throw .notOpen(fileDescriptor, errno: errno) }
        let status = fcntl(fileDescriptor, F_GETFL)
        #if os(Linux)
        guard status & 0o10000000 == 0 else { throw .pathOnly(fileDescriptor) }  // O_PATH, not imported
        #endif
        guard status & O_ACCMODE != O_WRONLY else { throw .writeOnly(fileDescriptor) }
        var information = stat()
        if fstat(fileDescriptor, &information) == 0, information.st_mode & S_IFMT == S_IFDIR {
            throw .directory(fileDescriptor)
        }
        let running = Locked<ReadabilityWatch?>(nil)
        return DemandSource(restarts: false) { source in
            #if os(Linux) && canImport(Glibc)
            // A running watch keeps itself alive through this handler; subscriptions hold it weakly.
            if let thread = ReadabilityThread(fileDescriptor: fileDescriptor, queue: queue, deliver: { available in
                source.send(fileDescriptor, available)
            }) {
                running.withLock { $0 = .thread(thread) }
                return true
            }
            // No thread or pipe to spare (EAGAIN, EMFILE): Dispatch still watches.
            #endif
            let reading = DispatchSourceHandle(DispatchSource.makeReadSource(fileDescriptor: fileDescriptor, queue: queue))
            reading.source.setEventHandler { source.send(fileDescriptor, Int(clamping: reading.source.data)) }
            running.withLock { $0 = .dispatch(reading) }
            reading.source.resume()
            return true
        } stop: {
            running.withLock { $0 }?.cancel()
        }.face
    }

    /// Calls `handler` on `queue` whenever `fileDescriptor` has data to read, until cancelled:
    /// `readable(fileDescriptor, queue: queue).subscribe(handler)` (see there).
    public static func readable(
        _ fileDescriptor: Int32,
        queue: DispatchQueue = .global(),
        _ handler: @escaping ReadableHandler
    ) throws(FileDescriptorError) -> EventSubscription {
        try readable(fileDescriptor, queue: queue).subscribe(handler)
    }

    // The lighter shapes, one overload each: a trailing closure on a method call never reaches
    // `callAsFunction` on the event `readable(_:queue:)` returns.

    /// Calls `handler` with the estimate of the bytes available whenever `fileDescriptor` has data
    /// to read, until cancelled (see `readable(_:queue:)`):
    /// `let reading = try FileDescriptorEvents.readable(socket) { availableBytes in … }`.
    public static func readable(
        _ fileDescriptor: Int32,
        queue: DispatchQueue = .global(),
        _ handler: @escaping @Sendable (_ availableBytes: Int) -> Void
    ) throws(FileDescriptorError) -> EventSubscription {
        try readable(fileDescriptor, queue: queue, ignoringSender(handler))
    }

    /// Calls `handler` whenever `fileDescriptor` has data to read, until cancelled (see
    /// `readable(_:queue:)`): `let reading = try FileDescriptorEvents.readable(socket) { connection.drain() }`.
    public static func readable(
        _ fileDescriptor: Int32,
        queue: DispatchQueue = .global(),
        _ handler: @escaping @Sendable () -> Void
    ) throws(FileDescriptorError) -> EventSubscription {
        try readable(fileDescriptor, queue: queue, ignoringParameters(handler))
    }
}

/// What watches a descriptor: a poll thread (Linux), or a Dispatch read source.
private enum ReadabilityWatch: Sendable {
    #if os(Linux) && canImport(Glibc)
    case thread(ReadabilityThread)
    #endif
    case dispatch(DispatchSourceHandle)

    func cancel() {
        switch self {
        #if os(Linux) && canImport(Glibc)
        case .thread(let thread): thread.cancel()
        #endif
        case .dispatch(let source): source.cancel()
        }
    }
}
