// A daemon written as a `main.swift` (OnKit issue 23): its state is the main actor's, and the
// main-actor forms of signals, descriptors, Foundation timers and notifications mutate it with
// no `assumeIsolated`. `Scripts/check-main-actor-daemon.sh` compiles it with OnKit's sources and
// runs it under `dispatchMain()` and under a running `RunLoop.main`; it prints "ok" and exits 0
// once every handler ran, or exits 1 after 20 s.
import Dispatch
import Foundation

@MainActor final class DaemonState {
    var reloads = 0, bytesRead = 0, ticks = 0, notifications = 0

    func checkDone() {
        guard reloads >= 1, bytesRead == 5, ticks >= 3, notifications == 2 else { return }
        print("ok")
        exit(0)
    }
}

let state = DaemonState()
let mode = CommandLine.arguments.dropFirst().first ?? "dispatchMain"
var ends: [Int32] = [-1, -1]
guard pipe(&ends) == 0 else { fatalError("pipe failed") }
let (readEnd, writeEnd) = (ends[0], ends[1])

let reloading = try Signal.hangUp.received(on: MainActor.self) {
    state.reloads += 1
    state.checkDone()
}
let reading = try FileDescriptorEvents.readable(readEnd, on: MainActor.self) { availableBytes in
    var buffer = [UInt8](repeating: 0, count: max(availableBytes, 1))
    let count = read(readEnd, &buffer, buffer.count)
    if count > 0 { state.bytesRead += count }
    state.checkDone()
}
let ticking = try Timer.on(every: 0.05, on: MainActor.self) {
    state.ticks += 1
    state.checkDone()
}
let center = NotificationCenter()
let name = Notification.Name("daemon.reload")
let onMainQueue = center.on.notification(name, queue: .main) {
    DispatchQueue.main.async { MainActor.assumeIsolated { state.notifications += 1 } }
}
let onMainActor = center.on.notification(name, on: MainActor.self) {
    state.notifications += 1
    state.checkDone()
}

// On the main thread, before the main queue runs: a post here must not wait for it.
center.post(name: name, object: nil)
kill(getpid(), SIGHUP)
_ = write(writeEnd, "hello", 5)
DispatchQueue.global().asyncAfter(deadline: .now() + 20) {
    print("timeout: not every main-actor handler ran under \(mode)")
    exit(1)
}
withExtendedLifetime((reloading, reading, ticking, onMainQueue, onMainActor)) {}
if mode == "runLoop" { RunLoop.main.run() } else { dispatchMain() }
