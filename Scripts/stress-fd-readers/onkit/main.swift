// The daemon of OnKit issue 23, written with OnKit: handles SIGHUP and SIGTERM, runs a 0.2 s
// heartbeat, and reads stdin to its end with `FileDescriptorEvents.readable`, then prints the
// byte count and exits 0 half a second later. Compiled with OnKit's sources by Scripts/stress-fd-readers.sh.
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
            // End of file: cancel (the articles' pattern), then keep running a while (the
            // heartbeat, the signal watches), as a daemon does.
            reading.withLock { $0 }?.cancel()
            let bytes = total.withLock { $0 }
            print("read \(bytes) bytes")
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.5) { exit(0) }
            return
        }
        total.withLock { $0 += count }
    } while available == 0
}
reading.withLock { $0 = subscription }
withExtendedLifetime((reloads, terminations, heartbeat)) {}
dispatchMain()
