// The same daemon with a plain `DispatchSourceRead` (no OnKit), for comparison: the crash of
// swift-corelibs-libdispatch #949 shows here. `NEVER_CANCEL=1` leaves the source running.
import Dispatch
import Glibc

/// The reader, off the main actor (top-level code in main.swift is the main actor's, and the
/// source's handlers run on its queue).
enum PlainReader {
    /// Only touched on the source's serial queue.
    nonisolated(unsafe) static var total = 0
    /// Kept for the process's life.
    nonisolated(unsafe) static var sources: [any DispatchSourceProtocol] = []

    static func start() {
        signal(SIGHUP, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let hangUp = DispatchSource.makeSignalSource(signal: SIGHUP, queue: .global())
        hangUp.setEventHandler { }
        hangUp.resume()
        let heartbeat = DispatchSource.makeTimerSource(queue: .global())
        heartbeat.schedule(deadline: .now() + 0.2, repeating: 0.2)
        heartbeat.setEventHandler { }
        heartbeat.resume()
        let neverCancel = getenv("NEVER_CANCEL") != nil
        let source = DispatchSource.makeReadSource(fileDescriptor: 0, queue: DispatchQueue(label: "reader"))
        source.setEventHandler {
            var buffer = [UInt8](repeating: 0, count: max(Int(source.data), 4096))
            repeat {
                let count = read(0, &buffer, buffer.count)
                guard count > 0 else {
                    // End of file: cancel, then keep running a while (the heartbeat, the signal
                    // watch), as a daemon does: Dispatch's event loop goes on after the read ended.
                    if !neverCancel { source.cancel() }
                    print("read \(total) bytes")
                    DispatchQueue.global().asyncAfter(deadline: .now() + 0.5) { exit(0) }
                    return
                }
                total += count
            } while source.data == 0
        }
        source.resume()
        sources = [hangUp, heartbeat, source]
    }
}

PlainReader.start()
dispatchMain()
