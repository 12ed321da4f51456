// The daemon of OnKit issue 23, written with OnKit: handles SIGHUP and SIGTERM, runs a 0.2 s
// heartbeat, and reads stdin to its end with `FileDescriptorEvents.readable`, then exits 0
// (printing the byte count). Compiled with OnKit's sources by Scripts/stress-fd-readers.sh.
import Dispatch
import Glibc

let reloads = try Signal.hangUp.received { _ in }
let terminations = try Signal.terminate.received { _ in exit(3) }
let heartbeat = try DispatchTimer.every(0.2) { _ in }
let total = Locked(0)
let reading = Locked<EventSubscription?>(nil)
let subscription = try FileDescriptorEvents.readable(0) { fd, available in
    var buffer = [UInt8](repeating: 0, count: max(available, 4096))
    repeat {
        let count = read(fd, &buffer, buffer.count)
        guard count > 0 else {
            // End of file: cancel, then finish (the articles' pattern).
            reading.withLock { $0 }?.cancel()
            let bytes = total.withLock { $0 }
            print("read \(bytes) bytes")
            exit(0)
        }
        total.withLock { $0 += count }
    } while available == 0
}
reading.withLock { $0 = subscription }
withExtendedLifetime((reloads, terminations, heartbeat)) {}
dispatchMain()
