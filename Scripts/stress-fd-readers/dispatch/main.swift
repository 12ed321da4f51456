// The same daemon with a plain `DispatchSourceRead` (no OnKit), for comparison: the crash of
// swift-corelibs-libdispatch #949 shows here. `NEVER_CANCEL=1` leaves the source running.
import Dispatch
import Glibc

signal(SIGHUP, SIG_IGN)
signal(SIGTERM, SIG_IGN)
let hangUp = DispatchSource.makeSignalSource(signal: SIGHUP, queue: .global())
hangUp.setEventHandler {}
hangUp.resume()
let heartbeat = DispatchSource.makeTimerSource(queue: .global())
heartbeat.schedule(deadline: .now() + 0.2, repeating: 0.2)
heartbeat.setEventHandler {}
heartbeat.resume()
let neverCancel = getenv("NEVER_CANCEL") != nil
nonisolated(unsafe) var total = 0  // only touched on the source's serial queue
let queue = DispatchQueue(label: "reader")
let source = DispatchSource.makeReadSource(fileDescriptor: 0, queue: queue)
source.setEventHandler {
    var buffer = [UInt8](repeating: 0, count: max(Int(source.data), 4096))
    repeat {
        let count = read(0, &buffer, buffer.count)
        guard count > 0 else {
            if !neverCancel { source.cancel() }
            print("read \(total) bytes")
            exit(0)
        }
        total += count
    } while source.data == 0
}
source.resume()
dispatchMain()
