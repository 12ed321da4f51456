import Dispatch
import Foundation
import OnKit

// The `///` examples of the method sources (notifications, timers, descriptors, the cache) and
// their main-actor spellings, compiled (not run): `.ci/check-snippets.py` matches them here.

@MainActor final class MethodSourceExamples {
    var progress = 0
    let clock = ExampleScreen()
    let gauge = ProgressGauge()
    var ticker: Timer?

    func reload() {}

    func mainActorSpellings(center: NotificationCenter) throws {
        center.on.notification(.settingsChanged, on: MainActor.self) { center, notification in self.reload() }
        center.on.notification(.settingsChanged, on: MainActor.self) { notification in self.reload() }
        _ = try DispatchTimer.every(0.3, on: MainActor.self) { timer in self.progress += 1 }
        ticker = try Timer.on(every: 1, on: MainActor.self) { [weak self] timer in self?.clock.refresh() }
        _ = try Timer.on(every: 1, on: MainActor.self) { [weak self] in self?.clock.refresh() }
    }

    func timers(clockView: ExampleScreen) throws {
        let progress = gauge
let ticking = try DispatchTimer.every(0.5) { timer in
    print("tick", timer.fireCount)
    if timer.fireCount == 10 { timer.cancel() }   // a timer can stop itself
}
try DispatchTimer.after(2) { print("two seconds later") }
try DispatchTimer.every(0.3, on: MainActor.self) { progress.value += 1 }
try DispatchTimer.every(1).fired(owner: clockView) { clockView in
    clockView.refresh()
}
print(ticking.fireCount)
ticking.cancel()
    }
}

/// A main-actor progress value, for the timer examples.
@MainActor final class ProgressGauge {
    var value = 0
}

func docCommentExamplesOfMethodSources(
    center: NotificationCenter, socket: Int32, cache: NSCache<NSString, ThumbnailBox>
) async throws {
    center.on.notification(.settingsChanged) { notification in print(notification.name) }
let ids = center.on.notification(.orderPlaced)
    .values { $0.userInfo?["id"] as? Int }
for await id in ids { print(id ?? 0) }
    let id = try await center.on.notification(.orderPlaced).next { $0.userInfo?["id"] as? Int }
    print(id)
    _ = try FileDescriptorEvents.readable(socket) { availableBytes in print(availableBytes) }
    cache.on.willEvict { thumbnail in thumbnail.releaseMemory() }
    cache.on.willEvict { print("evicted") }
}

/// A cached thumbnail, for the cache examples.
final class ThumbnailBox: Sendable {
    func releaseMemory() {}
}

extension Notification.Name {
    /// A notification of the examples.
    static let orderPlaced = Notification.Name("OrderPlaced")
}

/// A ring of the `values` example.
struct DoorRing: Sendable {
    let isLong: Bool
}

/// A door that rings, for the `values` example.
final class RingingDoor: Sendable {
    let rung = Event<RingingDoor, DoorRing>()
}

func docCommentExamplesOfSequences(door: RingingDoor, account: Savings) async {
let rings = door.rung.values   // subscribed: no ring is lost from now on
for await ring in rings {
    if ring.isLong { break }   // unsubscribed, though `rings` is still held
}
    for await balance in account.on.values(of: \.balance) { print(balance) }
}
