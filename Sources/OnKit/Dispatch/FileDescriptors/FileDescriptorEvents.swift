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

    /// Calls `handler` on `queue` whenever `fileDescriptor` has data to read, until cancelled.
    ///
    /// Built on a `DispatchSourceRead`. The handler is called as long as data is left unread
    /// (level-triggered): read what it reports, or it is called again. `availableBytes` is
    /// Dispatch's estimate. A regular file is always readable. Calls do not overlap.
    ///
    /// ## End of file
    /// When the other end of a pipe, socket or terminal is closed, the handler is called with
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
    /// Discarding the subscription keeps the watch (and the handler) until it is cancelled, as
    /// with every OnKit event. `cancel()` releases the handler at once (after a running call).
    ///
    /// - Throws: for a descriptor that can never become readable, where the watch would
    ///   silently never fire: `FileDescriptorError.negative` for a negative number, `.notOpen`
    ///   when `fcntl(F_GETFD)` says no such descriptor is open (closed, or never opened),
    ///   `.writeOnly` for a descriptor open for writing only (the write end of a pipe),
    ///   `.directory` for a directory, `.pathOnly` for a Linux `O_PATH` descriptor.
    ///   Not detected: a file the system cannot poll (on Linux, `/dev/null`) is accepted and
    ///   never reported readable.
    @discardableResult
    public static func readable(
        _ fileDescriptor: Int32,
        queue: DispatchQueue = .global(),
        _ handler: @escaping ReadableHandler
    ) throws(FileDescriptorError) -> Subscription {
        try checkCanBecomeReadable(fileDescriptor)
        return ReadabilityWatch(fileDescriptor, queue: queue, handler: handler).start()
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

/// One watched descriptor: the read source and the handler, until cancelled.
private final class ReadabilityWatch: SubscriptionSource {
    private let fileDescriptor: Int32
    private let handler: Locked<FileDescriptorEvents.ReadableHandler?>
    private let source: DispatchSourceHandle

    init(
        _ fileDescriptor: Int32,
        queue: DispatchQueue,
        handler: @escaping FileDescriptorEvents.ReadableHandler
    ) {
        self.fileDescriptor = fileDescriptor
        self.handler = Locked(handler)
        let readSource = DispatchSource.makeReadSource(fileDescriptor: fileDescriptor, queue: queue)
        source = DispatchSourceHandle(readSource)
        // The source holds the watch through this handler until it is cancelled: a running
        // watch keeps itself alive; the subscription holds it weakly.
        source.source.setEventHandler { self.deliver() }
    }

    func start() -> Subscription {
        source.source.resume()
        // Retained: the source's handler keeps the watch alive too, but the compiler cannot see
        // that, and a weakly held watch would look dead on arrival to it.
        return Subscription(retaining: self)
    }

    private func deliver() {
        guard let handler = handler.withLock({ $0 }) else { return }
        handler(fileDescriptor, Int(clamping: source.source.data))
    }

    func remove(token: UInt64, slot: Int) -> Bool {
        let taken = handler.withLock { handler in
            let taken = handler
            handler = nil
            return taken
        }
        guard taken != nil else { return false }
        source.cancel()
        return true  // the handler is released here, after the lock
    }

    func isActive(token: UInt64, slot: Int) -> Bool {
        handler.withLock { $0 != nil }
    }
}
