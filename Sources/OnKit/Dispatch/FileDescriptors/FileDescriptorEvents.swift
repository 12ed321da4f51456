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
/// let reading = try FileDescriptorEvents.readable(ends[0]) { descriptor, availableBytes in
///     var buffer = [UInt8](repeating: 0, count: max(availableBytes, 1024))
///     repeat {
///         let count = read(descriptor, &buffer, buffer.count)
///         guard count > 0 else { return print("end of file") }  // cancel now
///         print(String(decoding: buffer.prefix(count), as: UTF8.self))
///     } while availableBytes == 0  // the writer closed: read to the end, no call will follow
/// }
/// // …
/// reading.cancel()
/// close(ends[0])
/// ```
public enum FileDescriptorEvents {
    /// A handler: gets the descriptor and an estimate of the bytes available to read.
    public typealias ReadableHandler = @Sendable (_ fileDescriptor: Int32, _ availableBytes: Int) -> Void

    /// The moments `fileDescriptor` has data to read, as an event: handlers get the descriptor
    /// and an estimate of the bytes available, on `queue`.
    ///
    /// ```swift
    /// let readable = try FileDescriptorEvents.readable(socket)
    /// readable.subscribe(owner: connection) { connection, descriptor, availableBytes in … }
    /// ```
    ///
    /// Built on a `DispatchSourceRead`, made when the first handler subscribes. Handlers are
    /// called as long as data is left unread (level-triggered): read what they report, or they
    /// are called again. `availableBytes` is Dispatch's estimate. A regular file is always
    /// readable. Calls do not overlap.
    ///
    /// ## End of file
    /// When the other end of a pipe, socket or terminal is closed, the handlers are called with
    /// `availableBytes == 0` — even if written data is still unread — and on Linux never again
    /// (Dispatch stops watching a descriptor that hung up; Apple platforms keep calling until
    /// you cancel). So in a call with `availableBytes == 0`, read until `read` returns 0: that is
    /// end of file (with the writer gone, `read` does not block). Then cancel the subscription,
    /// from the handler if you like. For a regular file, `read` returning 0 is end of file too.
    ///
    /// ## Who owns the descriptor
    /// You do: OnKit never reads, duplicates or closes it. Keep it open while subscribed, and
    /// cancel before you close it (a call already running on `queue` when you cancel may still
    /// read it; closing from the handler after `cancel()` is safe).
    ///
    /// ## Lifetime
    /// The watch runs while the event has handlers: discarding a subscription keeps it (and the
    /// handler) until cancelled, as with every OnKit event. When the last handler goes (its
    /// `cancel()`, its owner gone, a `once` handler run) the watch ends, releasing the handlers
    /// at once (after a running call), for good: a later registration on the same event is
    /// inactive, as on every finished OnKit source — call `readable` again to watch again.
    ///
    /// - Throws: for a descriptor that can never become readable, where the watch would
    ///   silently never fire: `FileDescriptorError.negative` for a negative number, `.notOpen`
    ///   when `fcntl(F_GETFD)` says no such descriptor is open (closed, or never opened),
    ///   `.writeOnly` for a descriptor open for writing only (the write end of a pipe),
    ///   `.directory` for a directory, `.pathOnly` for a Linux `O_PATH` descriptor.
    ///   Not detected: a file the system cannot poll (on Linux, `/dev/null`) is accepted and
    ///   never reported readable.
    public static func readable(
        _ fileDescriptor: Int32,
        queue: DispatchQueue = .global()
    ) throws(FileDescriptorError) -> ReadOnlyEvent<Int32, Int> {
        try checkCanBecomeReadable(fileDescriptor)
        let running = Locked<DispatchSourceHandle?>(nil)
        return DemandSource(restarts: false) { source in
            let reading = DispatchSourceHandle(
                DispatchSource.makeReadSource(fileDescriptor: fileDescriptor, queue: queue)
            )
            // The read source holds the event's source through this handler until it is
            // cancelled: a running watch keeps itself alive; subscriptions hold it weakly.
            reading.source.setEventHandler {
                source.send(fileDescriptor, Int(clamping: reading.source.data))
            }
            running.withLock { $0 = reading }
            reading.source.resume()
            return true
        } stop: {
            running.withLock { $0 }?.cancel()
        }.face
    }

    /// Calls `handler` on `queue` whenever `fileDescriptor` has data to read, until cancelled;
    /// same as `readable(fileDescriptor, queue: queue).subscribe(handler)` (see there).
    ///
    /// - Returns: the subscription; cancelling it ends the watch.
    @discardableResult
    public static func readable(
        _ fileDescriptor: Int32,
        queue: DispatchQueue = .global(),
        _ handler: @escaping ReadableHandler
    ) throws(FileDescriptorError) -> EventSubscription {
        try readable(fileDescriptor, queue: queue).subscribe(handler)
    }

    /// Throws for a descriptor that can never have data to read.
    private static func checkCanBecomeReadable(_ fileDescriptor: Int32) throws(FileDescriptorError) {
        guard fileDescriptor >= 0 else { throw .negative(fileDescriptor) }
        guard fcntl(fileDescriptor, F_GETFD) != -1 else {
            throw .notOpen(fileDescriptor, errno: errno)
        }
        let status = fcntl(fileDescriptor, F_GETFL)
        #if os(Linux)
        guard status & pathOnlyFlag == 0 else { throw .pathOnly(fileDescriptor) }
        #endif
        guard status & O_ACCMODE != O_WRONLY else { throw .writeOnly(fileDescriptor) }
        var information = stat()
        if fstat(fileDescriptor, &information) == 0, information.st_mode & S_IFMT == S_IFDIR {
            throw .directory(fileDescriptor)
        }
    }
}

#if os(Linux)
/// `O_PATH`, which the Glibc module does not import (a GNU extension); `010000000` on every
/// architecture Swift supports on Linux.
private let pathOnlyFlag: Int32 = 0o10000000
#endif
