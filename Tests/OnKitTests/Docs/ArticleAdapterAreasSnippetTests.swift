import Dispatch
import Foundation
import OnKit
import Testing

// The snippets of the Notifications, Timers and Property changes articles, verbatim
// (`.ci/check-snippets.py` checks each chunk appears in a test), with assertions on what they
// claim. The signal and file-descriptor snippets are in ArticleSignalsSnippetTests, serialized
// with the other signal tests.

@MainActor private final class ClockScreen {
    var refreshes = 0

    func refresh() { refreshes += 1 }
}

@Suite struct ArticleAdapterAreasSnippetTests {
    @Test func notificationsArticleObservesAndStops() {
        let days = Counter()
let center = NotificationCenter()
let dayChanged = center.on.notification(.NSCalendarDayChanged) { _, _ in
    print("a new day")
}
center.post(name: .NSCalendarDayChanged, object: nil)  // "a new day"
dayChanged.cancel()                                     // the observer goes

        _ = center.on.notification(.NSCalendarDayChanged) { _, _ in days.increment() }
        center.post(name: .NSCalendarDayChanged, object: nil)
        #expect(!dayChanged.isActive)
        #expect(days.value == 1)
    }

    @MainActor @Test func notificationsArticleRefreshesAScreenOnTheMainActor() {
        let center = NotificationCenter()
let clock = ClockScreen()                  // a @MainActor class
let zone = Notification.Name.NSSystemTimeZoneDidChange
center.on.notification(zone, on: MainActor.self)
    .subscribe(owner: clock) { clock in
        clock.refresh()                    // on the main actor
    }
center.post(name: zone, object: nil)       // refreshes

        #expect(clock.refreshes == 1)
    }

    @Test func timersArticleDispatchTimerStopsItself() async throws {
let ticking = try DispatchTimer.every(0.2) { timer in
    print("tick \(timer.fireCount)")
    if timer.fireCount == 3 { timer.cancel() }    // a timer can stop itself
}

        #expect(await pollUntil { !ticking.isActive }, "the timer did not stop itself")
    }

    @Test func timersArticleOneShotFiresOnce() async throws {
        let fires = Counter()
let reminder = try DispatchTimer.after(0.1)
reminder.fired.once { print("time is up") }

        reminder.fired.once { fires.increment() }
        #expect(await pollUntil { fires.value == 1 })
        #expect(reminder.fireCount == 1)
    }

    @Test func timersArticleFoundationTimerStopsAndReleases() throws {
let timer = try Timer.on(every: 1)
timer.on.tick { print("tick") }
RunLoop.main.add(timer, forMode: .common)
timer.on.invalidate()                 // stops it and releases the handlers

        #expect(!timer.isValid)
        #expect(!timer.on.tick { print("late") }.isActive, "a finished timer refuses handlers")
    }

    @Test func propertyChangesArticleNotifyingGivesOldAndNew() {
        let changes = Recorder<PropertyChange<Int>>()
let piggybank = Piggybank()
piggybank.on.change(of: \.balance) { _, change in
    print(change.old, "→", change.new)
}
piggybank.balance = 10                // prints "0 → 10" at once

        piggybank.on.change(of: \.balance) { _, change in changes.append(change) }
        piggybank.balance = 12
        #expect(changes.values == [PropertyChange(old: 10, new: 12)])
    }

    @MainActor @Test func propertyChangesArticleObservableGivesTheNewValue() async throws {
        let names = Recorder<String>()
let user = User()
user.on.change(of: \.name) { _, name in print("now", name) }
user.name = "Ada"                     // soon after: prints "now Ada"

        user.on.change(of: \.name) { _, name in names.append(name) }
        user.name = "Grace"
        try #require(await pollUntil { names.count == 1 })
        #expect(names.values == ["Grace"])
    }
}
