import Dispatch
import Foundation
import OnKit
import Testing
#if canImport(Glibc)
import Glibc
#endif

private extension Notification.Name {
    static let shapes = Notification.Name("OnKitTests.shapes")
}

/// The sources that are methods take every closure shape as overloads of their own (a trailing
/// closure on a method call never reaches `callAsFunction`): `{ }`, `{ value in }` (the
/// arguments) and `{ sender, value in }`. Two parameters always mean the sender and the arguments.
@Suite struct MethodSourceShapesTests {
    @Test func notificationTakesEveryShape() {
        let center = NotificationCenter()
        let calls = Recorder<String>()
        _ = center.on.notification(.shapes) { calls.append("none") }
        _ = center.on.notification(.shapes) { notification in calls.append("one \(notification.name.rawValue)") }
        _ = center.on.notification(.shapes) { sender, notification in
            calls.append("two \(sender === center) \(notification.name.rawValue)")
        }

        center.post(name: .shapes, object: nil)

        // Each call is an observer of its own: the center calls them in an order of its own.
        #expect(calls.values.sorted() == ["none", "one OnKitTests.shapes", "two true OnKitTests.shapes"])
    }

    @Test func willEvictTakesEveryShape() {
        let cache = NSCache<NSString, Tracked>()
        cache.countLimit = 1
        let calls = Recorder<String>()
        cache.on.willEvict { calls.append("none") }
        cache.on.willEvict { object in calls.append("one \(object.name)") }
        cache.on.willEvict { sender, object in calls.append("two \(sender.countLimit) \(object.name)") }

        let first = Tracked("first"), second = Tracked("second")
        cache.setObject(first, forKey: "a")
        cache.setObject(second, forKey: "b")  // evicts one of them (countLimit)

        let evicted = cache.object(forKey: "a") == nil ? "first" : "second"
        #expect(calls.values == ["none", "one \(evicted)", "two 1 \(evicted)"])
    }

    @Test func readableTakesEveryShape() async throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let reading = ends[0]
        let calls = Recorder<String>()
        let queue = DispatchQueue(label: "OnKitTests.readable")  // one queue: calls in order
        let subscriptions = [
            try FileDescriptorEvents.readable(ends[0], queue: queue) { calls.append("none") },
            try FileDescriptorEvents.readable(ends[0], queue: queue) { available in calls.append("one \(available)") },
            try FileDescriptorEvents.readable(ends[0], queue: queue) { descriptor, available in
                calls.append("two \(descriptor == reading) \(available)")
            },
        ]
        #expect(write(ends[1], "abc", 3) == 3)

        #expect(await pollUntil { Set(calls.values).isSuperset(of: ["none", "one 3", "two true 3"]) })
        subscriptions.forEach { $0.cancel() }
    }

    @Test @MainActor func notificationOnTheMainActorRunsMainActorHandlersForPostsFromAnyThread() async {
        let center = NotificationCenter()
        let screen = NotifiedScreen()
        // `@MainActor` handlers: they change main-actor state with no hop and no box.
        _ = center.on.notification(.shapes, on: MainActor.self) { screen.calls.append("none") }
        _ = center.on.notification(.shapes, on: MainActor.self) { notification in
            screen.calls.append("one \(notification.name.rawValue)")
        }
        _ = center.on.notification(.shapes, on: MainActor.self) { sender, _ in screen.calls.append("two \(sender === center)") }

        center.post(name: .shapes, object: nil)  // on the main actor: the handlers run inline
        #expect(screen.calls.sorted() == ["none", "one OnKitTests.shapes", "two true"])

        Thread { center.post(name: .shapes, object: nil) }.start()  // waits for the main queue
        #expect(await pollUntil { screen.calls.count == 6 })
        #expect(screen.calls.suffix(3).sorted() == ["none", "one OnKitTests.shapes", "two true"])
    }

    @Test @MainActor func aTimerOnTheMainRunLoopRunsMainActorHandlers() throws {
        // Under Swift Testing on Linux the main actor is the main queue drained by a worker
        // thread (`dispatchMain` ends the main thread), so the main run loop never runs here:
        // `fire()` calls the handlers the way it would, on the main actor.
        let screen = NotifiedScreen()
        let ticking = try Timer.on(every: 60, on: MainActor.self) { timer in screen.calls.append("tick \(timer.timeInterval)") }
        let once = try Timer.on(after: 60, on: MainActor.self) { screen.calls.append("once") }
        ticking.fire()
        once.fire()
        ticking.fire()
        #expect(screen.calls == ["tick 60.0", "once", "tick 60.0"])
        ticking.on.invalidate()
        once.on.invalidate()
    }
}

/// Main-actor state that main-actor handlers change.
@MainActor private final class NotifiedScreen {
    var calls: [String] = []
}
