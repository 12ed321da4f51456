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
///     guard availableBytes > 0 else { return print("end of file") }
///     var buffer = [UInt8](repeating: 0, count: availableBytes)
///     let count = read(descriptor, &buffer, availableBytes)
///     print(String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self))
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
    /// Dispatch's estimate; 0 on a pipe or socket means end of file (the writer closed its end),
    /// and the handler keeps being called until you cancel. A regular file is always readable.
    /// Calls do not overlap.
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
    /// - Throws: `FileDescriptorError.negative` for a negative number, `.notOpen` when
    ///   `fcntl(F_GETFD)` says no such descriptor is open (closed, or never opened).
    @discardableResult
    public static func readable(
        _ fileDescriptor: Int32,
        queue: DispatchQueue = .global(),
        _ handler: @escaping ReadableHandler
    ) throws(FileDescriptorError) -> Subscription {
        guard fileDescriptor >= 0 else { throw .negative(fileDescriptor) }
        guard fcntl(fileDescriptor, F_GETFD) != -1 else {
            throw .notOpen(fileDescriptor, errno: errno)
        }
        return ReadabilityWatch(fileDescriptor, queue: queue, handler: handler).start()
    }
}

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
