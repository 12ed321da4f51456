import Foundation
#if canImport(FoundationXML)
import FoundationXML  // Linux: XMLParser lives here
#endif
import OnKit
import Testing

// The snippets of the learning-path articles (Getting started's opening, the Cookbook, the FAQ,
// Testing code that uses OnKit, Troubleshooting's fixes), verbatim, with assertions on what the
// articles say they do. The compiler errors Troubleshooting quotes are checked by
// TroubleshootingRefusalTests.

@MainActor final class Oven: MainActorBound {
    let heated = Event<Oven, Double>()
    let mayOpen = Decision<Oven, Void, Bool>.all()
    var isLocked = false

    func heat(to celsius: Double) { heated.send(self, celsius) }
}

@MainActor final class OvenScreen {
    var text = ""
    /// Where the screen keeps its subscriptions: they end when it goes (Cookbook, recipe 8).
    let subscriptions = Lifetime()

    func show(_ celsius: Double) { text = "\(celsius) °C" }
}

/// A non-main-actor source, as a model or a service is.
final class SteamBoiler: Sendable {
    let boiled = Event<SteamBoiler, Double>()
}

@MainActor @Suite struct ArticleLearningPathSnippetTests {
    @Test func gettingStartedOpensWithAParser() {
        var names: [String] = []
        let feed = Data("<rss><item><title>First</title></item></rss>".utf8)
        // Getting started, "Start with an adapter"
let parser = XMLParser(data: feed)
var titles: [String] = []
var text = ""
parser.on.didStartElement { text = "" }
parser.on.foundCharacters { text += $0 }
parser.on.didEndElement { element in
    if element.name == "title" { titles.append(text) }
}
let parsed = parser.parse()
        parser.on.didStartElement { element in names.append(element.name) }
        #expect(parsed)
        #expect(titles == ["First"])
    }

    @Test func cookbookEvents() async throws {
        let oven = Oven()
        let screen = OvenScreen()
        var log: [String] = []
        // Cookbook: once
oven.heated.once { celsius in print("first heat: \(celsius)") }
        // Cookbook: owner
oven.heated(owner: screen) { screen, celsius in screen.show(celsius) }
        // Cookbook: a lifetime
let lifetime = Lifetime()
oven.heated { celsius in log.append("\(celsius)") }.store(in: lifetime)
oven.heat(to: 180)
lifetime.end()        // the handler goes
oven.heat(to: 200)    // not logged
        #expect(log == ["180.0"])
        #expect(screen.text == "200.0 °C")
        // Cookbook: a decision
oven.mayOpen += { oven in !oven.isLocked }
oven.mayOpen += { oven in oven.heated.subscriberCount < 5 }
let mayOpen = oven.mayOpen.ask(oven, ())    // true: nobody objects
        #expect(mayOpen)
        oven.isLocked = true
        #expect(!oven.mayOpen.ask(oven, ()))
        // Cookbook: async (the send waits until `next()` is registered: no lost call)
        let handlers = oven.heated.subscriberCount
        let waiting = Task { @MainActor in
let celsius = try await oven.heated.next()
            return celsius
        }
        #expect(await pollUntil { oven.heated.subscriberCount > handlers })
        oven.heat(to: 220)
        #expect(try await waiting.value == 220)
    }

    /// Recipe 8 lets the screen go: the center holds the handler, which holds the screen only
    /// weakly, and the screen's `subscriptions` end the observer with it.
    @Test func cookbookNotificationLetsTheScreenGo() {
        let center = NotificationCenter()
        let zone = Notification.Name.NSSystemTimeZoneDidChange
        weak var watched: OvenScreen?
        do {
            let screen = OvenScreen()
            watched = screen
            center.on.notification(zone, on: MainActor.self) { [weak screen] in
                screen?.text = "time zone changed"
            }
            .store(in: screen.subscriptions)
            center.post(name: zone, object: nil)
            #expect(screen.text == "time zone changed")
        }
        #expect(watched == nil)
        center.post(name: zone, object: nil)   // no observer left: nothing runs
    }

    @Test func cookbookFoundation() throws {
        let screen = OvenScreen()
        let center = NotificationCenter()
        // Cookbook: a notification on the main actor
let zone = Notification.Name.NSSystemTimeZoneDidChange
center.on.notification(zone, on: MainActor.self) { [weak screen] in
    screen?.text = "time zone changed"
}
.store(in: screen.subscriptions)   // ends when the screen goes
        center.post(name: zone, object: nil)
        #expect(screen.text == "time zone changed")
        #expect(screen.subscriptions.count == 1)

        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("onkit-cookbook-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let keep = folder.appendingPathComponent("notes.keep")
        try Data("x".utf8).write(to: keep)
        // Cookbook: veto a file operation
let fileManager = FileManager()
fileManager.on.shouldRemoveItem { item in item.pathExtension != "keep" }
try? fileManager.removeItem(at: keep)   // vetoed: the file stays
        #expect(FileManager.default.fileExists(atPath: keep.path))
        try FileManager.default.removeItem(at: folder)
    }

    @Test func cookbookTimerStopsItself() async throws {
        // Cookbook: a timer that stops itself
let ticking = try DispatchTimer.every(0.01) { timer in
    if timer.fireCount == 3 { timer.cancel() }
}
        #expect(await pollUntil { ticking.fireCount >= 3 })
        await settle()   // a fourth tick, if the timer had not stopped itself
        #expect(ticking.fireCount == 3)
    }

    @Test func faqDiscardingDoesNotEnd() {
        let boiler = SteamBoiler()
        let seen = Recorder<Double>()
        // FAQ: discarding a subscription
boiler.boiled { celsius in seen.append(celsius) }   // result discarded
boiler.boiled.send(boiler, 100)                        // still called
        #expect(seen.values == [100])
        // FAQ: ending it
let subscription = boiler.boiled { celsius in print(celsius) }
subscription.cancel()                 // or: boiler.boiled -= subscription
        #expect(boiler.boiled.subscriberCount == 1)
    }

    @Test func testingArticleCountsHandlers() {
        let oven = Oven()
        let screen = OvenScreen()
        // Testing: send the event yourself
oven.heated(owner: screen) { screen, celsius in screen.show(celsius) }
oven.heated.send(oven, 90)
#expect(screen.text == "90.0 °C")
        // Testing: count handlers
let subscription = oven.heated { _ in }
#expect(oven.heated.subscriberCount == 2)
subscription.cancel()
#expect(oven.heated.subscriberCount == 1)
    }

    @Test func testingArticleOwnerIsNotKept() {
        let oven = Oven()
        var screen: OvenScreen? = OvenScreen()
        // Testing: an owner is not kept alive
weak let weakScreen = screen
oven.heated(owner: screen!) { screen, celsius in screen.show(celsius) }
screen = nil
#expect(weakScreen == nil)          // the event does not keep it
oven.heated.send(oven, 100)         // its handler is dropped, not called
#expect(oven.heated.subscriberCount == 0)
    }

    @Test func testingArticleDrivesARealParser() {
        // Testing: drive the real object
let parser = XMLParser(data: Data("<a><b/></a>".utf8))
var started: [String] = []
parser.on.didStartElement { element in started.append(element.name) }
#expect(parser.parse())
#expect(started == ["a", "b"])
    }

    @Test func troubleshootingFixes() {
        let boiler = SteamBoiler()
        let screen = OvenScreen()
        // Troubleshooting: the main-actor marker, for a sender that is not on the main actor
boiler.boiled { celsius in
    Task { @MainActor in screen.show(celsius) }
}
        // Troubleshooting: the handler's shape
boiler.boiled { boiler, celsius in print(celsius) }
        // Troubleshooting: a handler that ends its own subscription
let untilBoiling = Lifetime()
boiler.boiled { celsius in
    if celsius > 90 { untilBoiling.end() }
}.store(in: untilBoiling)
        boiler.boiled.send(boiler, 95)
        #expect(untilBoiling.hasEnded)
        #expect(boiler.boiled.subscriberCount == 2)   // the two above; the third ended itself
    }
}
