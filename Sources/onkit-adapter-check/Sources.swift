import Foundation
import Observation
@_spi(OnKitInternal) import OnKit

/// A plain class that publishes its changes, for `@Notifying`.
@MainActor final class Meter: PropertyChangeNotifying {
    let propertyChanges = PropertyChanges()
    @Notifying var reading = 0
}

/// An `@Observable` model, for `on.change(of:)`.
@MainActor @Observable final class Dial: OnCompatible {
    var angle = 0
}

/// Notifications, timers, signals, file descriptors and property changes: each public entry point.
@MainActor
func touchSources() throws {
    let center = NotificationCenter()
    let name = Notification.Name("onkit-adapter-check")
    touch("notification(_:object:queue:)", center.on.notification(name, object: center, queue: .main)) {}
    let shorthands = [
        center.on.notification(name) { _, _ in }, center.on.notification(name) { _ in }, center.on.notification(name) {},
        center.on.notification(name, on: MainActor.self) { _, _ in },
        center.on.notification(name, on: MainActor.self) { _ in }, center.on.notification(name, on: MainActor.self) {},
    ]
    if !shorthands.allSatisfy({ $0.cancel() }) { failures.append("notification(_:_:) shorthand: not registered") }
    checkSendsInsideOnKitTakeTheCommonCase(center, name)

    let timer = try Timer.on(every: 60)
    touch("tick", timer.on.tick) {}
    timer.on.invalidate()
    touchFinished("tick after invalidate", timer.on.tick) {}
    touchFinished("tick of a timer not made by OnKit", Timer(timeInterval: 60, repeats: false) { _ in }.on.tick) {}
    _ = try Timer.on(after: 60).on.invalidate()
    let mainTimers = [
        try Timer.on(every: 60, on: MainActor.self) { _ in }, try Timer.on(every: 60, on: MainActor.self) {},
        try Timer.on(after: 60, on: MainActor.self) { _ in }, try Timer.on(after: 60, on: MainActor.self) {},
    ]
    for mainTimer in mainTimers {
        if mainTimer.on.tick.subscriberCount != 1 { failures.append("Timer.on(_:on: MainActor.self): no handler") }
        mainTimer.on.invalidate()
    }

    let every = try DispatchTimer.every(60)
    touch("DispatchTimer.fired", every.fired) {}
    let started = [
        try DispatchTimer.after(60) { _ in }, try DispatchTimer.after(60) {},
        try DispatchTimer.after(60, on: MainActor.self) { _ in }, try DispatchTimer.after(60, on: MainActor.self) {},
        try DispatchTimer.every(60) { _ in }, try DispatchTimer.every(60) {},
        try DispatchTimer.every(60, on: MainActor.self) { _ in }, try DispatchTimer.every(60, on: MainActor.self) {},
    ]
    if !started.allSatisfy({ $0.cancel() }) { failures.append("DispatchTimer.every/after(_:_:): not running") }

    touch("Signal.received", try Signal.user2.received) {}

    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
    defer { close(ends[0]); close(ends[1]) }
    touch("FileDescriptorEvents.readable(_:queue:)", try FileDescriptorEvents.readable(ends[0])) {}
    let watches = [
        try FileDescriptorEvents.readable(ends[0]) { _, _ in }, try FileDescriptorEvents.readable(ends[0]) { _ in },
        try FileDescriptorEvents.readable(ends[0]) {},
    ]
    if !watches.allSatisfy({ $0.cancel() }) { failures.append("FileDescriptorEvents.readable(_:_:): not watching") }

    let meter = Meter()
    touch("change(of:) (@Notifying)", meter.on.change(of: \.reading)) {}
    let metered = [
        meter.on.change(of: \.reading) { _, _ in }, meter.on.change(of: \.reading) { _ in },
        meter.on.change(of: \.reading) {},
    ]
    if !metered.allSatisfy({ $0.cancel() }) { failures.append("change(of:_:) (@Notifying): not registered") }
    withExtendedLifetime(meter.on.values(of: \.reading)) {}

    let dial = Dial()
    let changed = [
        dial.on.change(of: \.angle) { _, _ in }, dial.on.change(of: \.angle) { _ in }, dial.on.change(of: \.angle) {},
        dial.on.change(of: \.angle, owner: center) { _, _, _ in },
    ]
    let stream = dial.on.values(of: \.angle)
    if !changed.allSatisfy({ $0.cancel() }) { failures.append("change(of:) (@Observable): not registered") }
    withExtendedLifetime(stream) {}
}

/// A send made inside OnKit (a notification's, through its `DemandSource`), on a thread that has
/// sent before, finds the thread's hazard record in `ReadHazards.enter`'s common case. Only a
/// release build can break this: it splits OnKit into an object file per Swift file and inlines
/// `enter` into others, and a thread-local variable that was `static` in its C header had a copy
/// per object file, never set in those, so every such send took the slow path.
@MainActor
func checkSendsInsideOnKitTakeTheCommonCase(_ center: NotificationCenter, _ name: Notification.Name) {
    let subscription = center.on.notification(name) { _, _ in }
    center.post(name: name, object: nil)  // this thread's first send may adopt its record
    for _ in 0..<1_000 { center.post(name: name, object: nil) }
    let missed = OnKitDiagnostics.missedCommonHazardEntries
    if missed != 0 { failures.append("sends inside OnKit: \(missed) took the slow path to their thread's record") }
    subscription.cancel()
}
