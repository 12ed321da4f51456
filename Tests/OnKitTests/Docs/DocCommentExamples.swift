import Dispatch
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Observation
import OnKit
import OnKitURLSession
import Testing

// The examples of the `///` comments of OnKit's public symbols (what DocC shows on their pages),
// verbatim: `.ci/check-snippets.py` checks that each fenced chunk and each inline closure example
// appears in compiled code, and this file is where most of them are compiled. The functions
// marked "compiled, not run" are checked by the build alone; the tests below run what can run
// here and assert what the comments claim. UIKit examples: Sources/OnKitAppleUsage.

// MARK: Types the examples declare

final class Mailbox: OnCompatible, Sendable {}

enum MailboxKeys {
    static let delivered =
        AssociationKey<Event<Mailbox, Int>>(default: Event())
}

extension On where Base: Mailbox {
    /// Made on first use, and lives as long as the mailbox.
    var delivered: Event<Mailbox, Int> { self[MailboxKeys.delivered] }
}

final class Boiler: Sendable {
    let temperatureChanged = Event<Boiler, Double>()

    func heat(to celsius: Double) { temperatureChanged.send(self, celsius) }
}

final class NameField: Sendable {}

final class Hatch: Sendable {
    private let openedEvent = Event<Hatch, Int>()
    var opened: ReadOnlyEvent<Hatch, Int> { openedEvent.readOnly }

    func open(angle: Int) { openedEvent.send(self, angle) }
}

@MainActor final class TapCounter: MainActorBound {
    let tapped = Event<TapCounter, Void>()
}

@MainActor final class TapScreen {
    var taps = 0
}

final class Download {   // not Sendable: used where it was made
    let progressed = LocalEvent<Download, Double>()
}

final class Savings: PropertyChangeNotifying {
    let propertyChanges = PropertyChanges()
    @Notifying var owner = "Ada"
    @Notifying var balance = 0
}

final class Radiator: PropertyChangeNotifying {
    let propertyChanges = PropertyChanges()
    var celsius = 20.0 {
        didSet {
            propertyChanges.send(
                self, \.celsius, old: oldValue, new: celsius
            )
        }
    }
}

final class Dashboard {
    let lifetime = Lifetime()

    init(boiler: Boiler) {
        boiler.temperatureChanged { celsius in print(celsius) }
            .store(in: lifetime)
    }
}

@MainActor @Observable final class Author { var name = "" }
extension Author: OnCompatible {}  // Apple platforms: unless an NSObject

/// A screen the examples hand back as an owner.
final class ExampleScreen: OnCompatible, Sendable {
    let shown = Recorder<String>()

    func show(_ value: some Sendable) { shown.append("\(value)") }
    func refresh() { shown.append("refresh") }
    func reload() { shown.append("reload") }
}

/// What `addObserver` returned, for the `EventSubscription(onCancel:)` example.
final class ObserverToken: NSObject, Sendable {}

final class Thumbnail: Sendable {
    func releaseMemory() {}
}

/// Bytes received, from the session's queue.
final class ReceivedBody: Sendable {
    private let data = Recorder<Data>()

    func append(_ chunk: Data) { data.append(chunk) }
}

// MARK: Compiled, not run (sources that need a live system: sockets, signals, sessions)

func docCommentExamplesOfSystemSources(socket: Int32, connection: ExampleScreen, clockView: ExampleScreen) throws {
    try FileDescriptorEvents.readable(socket).subscribe(owner: connection) { connection, descriptor, availableBytes in connection.show(availableBytes) }
    let interrupts = try Signal.interrupt.received { signal in print(signal) }
    interrupts.cancel()
    let ticking = try DispatchTimer.every(0.5) { timer in
        print("tick", timer.fireCount)
        if timer.fireCount == 10 { timer.cancel() }   // a timer can stop itself
    }
    try DispatchTimer.after(2) { _ in print("two seconds later") }
    try DispatchTimer.every(1).fired(owner: clockView) { clockView in
        clockView.refresh()
    }

    ticking.cancel()
    let firing = try DispatchTimer.every(1).fired { print("fired") }
    firing.cancel()
    try DispatchTimer.every(1).fired(owner: clockView) { clockView, timer in clockView.refresh() }
    let thermostat = Boiler()
    Task {
        for await celsius in thermostat.temperatureChanged.values {
            if celsius > 25 { break }   // unsubscribes
        }
    }
    var ends: [Int32] = [0, 0]
    pipe(&ends)
    let reading = try FileDescriptorEvents.readable(ends[0]) { fd, available in
        var buffer = [UInt8](repeating: 0, count: max(available, 1024))
        repeat {
            let count = read(fd, &buffer, buffer.count)
            guard count > 0 else { return print("end of file") }  // cancel now
            print(String(decoding: buffer.prefix(count), as: UTF8.self))
        } while available == 0  // the writer is gone: read to the end
    }

    reading.cancel()
    close(ends[0])
}

func docCommentExamplesOfURLSession(url: URL, body: Data, destination: URL) {
    do {
        let body = ReceivedBody()
        let session = URLSession.on(configuration: .ephemeral)
        session.on.didReceiveData { received in body.append(received.data) }
        session.on.didComplete { _, _, error in
            print(error.map { "\($0)" } ?? "done")
        }
        session.dataTask(with: url).resume()

        session.finishTasksAndInvalidate()  // releases proxy, handlers, `delegate`
    }
    let session = URLSession.on(configuration: .ephemeral)
    if !session.on.sendsEvents { print("not made by URLSession.on, or invalid") }
    session.on.didBecomeInvalid { error in print("invalid", error.map { "\($0)" } ?? "") }
    session.on.didReceiveChallenge { received in
        let method = received.challenge.protectionSpace.authenticationMethod
        guard method == NSURLAuthenticationMethodHTTPBasic else {
            return (.performDefaultHandling, nil)
        }
        let credential = URLCredential(
            user: "u", password: "p", persistence: .forSession
        )
        return (.useCredential, credential)
    }
    session.on.willPerformHTTPRedirection { r in r.newRequest.url?.host == "127.0.0.1" ? r.newRequest : nil }
    session.on.needNewBodyStream { InputStream(data: body) }
    session.on.didSendBodyData { sent in print(sent.progress.fractionCompleted ?? 0) }
    session.on.didComplete { _, task, error in print(task.taskIdentifier, error.map { "\($0)" } ?? "ok") }
    session.on.didFinishCollectingMetrics { collected in print(collected.metrics.taskInterval) }
    #if canImport(ObjectiveC)  // Apple platforms only
    session.on.taskIsWaitingForConnectivity { task in print("offline", task.taskIdentifier) }
    #endif
    session.on.didReceiveResponse { received in received.response.mimeType == "text/html" ? .cancel : .allow }
    session.on.didBecomeDownloadTask { became in print("now a download:", became.downloadTask.taskIdentifier) }
    session.on.willCacheResponse { cache in cache.proposedResponse.data.count < 1_000_000 ? cache.proposedResponse : nil }
    session.on.didWriteData { written in print(written.progress.totalBytes, "of", written.progress.totalBytesExpected) }
    session.on.didFinishDownloading { finished in _ = try? FileManager.default.moveItem(at: finished.location, to: destination) }
    session.on.didWriteData { written in
        let progress = written.progress
        print(progress.totalBytes, "of", progress.totalBytesExpected)
    }
}

func docCommentExamplesOfProperties(
    account: Savings, screen: ExampleScreen, gauge: Gauge, store: GaugeStore, author: Author
) async {
    let balance = account.on.change(of: \.balance)
    balance.subscribe(owner: screen) { screen, change in
        screen.show(change.new)
    }
    for await change in balance.values { print(change.new) }
    // nonisolated code, a main-actor model:
    let subscription = await MainActor.run {
        author.on.change(of: \.name) { _, name in print(name) }
    }
    // a gauge changed on the actor `store`:
    await gauge.on.change(of: \.level, isolation: store) { _, level in
        print(level)
    }
    subscription.cancel()
}

@MainActor func docCommentExamplesOnTheMainActor(author: Author, counter: TapCounter, screen: TapScreen) async {
    author.on.change(of: \.name) { _, name in print("now", name) }
    author.name = "Ada"                // later, on the main actor: "now Ada"
    let names = author.on.values(of: \.name)
    author.name = "Ada"
    for await name in names { print(name); break }   // "Ada"
    counter.tapped(owner: screen) { screen in screen.taps += 1 }  // @MainActor
}

@MainActor func docCommentExamplesWithAnOwner(author: Author, screen: ExampleScreen) {
    author.on.change(of: \.name, owner: screen) { screen, author, name in screen.show(name) }
    author.on.change(of: \.name, owner: screen) { screen, name in screen.show(name) }
    author.on.change(of: \.name, owner: screen) { screen in screen.refresh() }
}

// MARK: Run, with what the comments claim

@Suite struct DocCommentExampleTests {
    @Test func ownEventsThroughOnAndLifetimes() {
        let mailbox = Mailbox()
        let letters = Recorder<Int>()
        mailbox.on.delivered { letters in print("\(letters) letters") }
        mailbox.on.delivered { count in letters.append(count) }
        mailbox.on.delivered.send(mailbox, 3)
        mailbox.on.delivered.subscribe { count in letters.append(count) }.store(in: mailbox.on.lifetime)
        mailbox.on.lifetime.end()   // and every `extension On where Base: Mailbox`
        mailbox.on.delivered.send(mailbox, 4)
        #expect(letters.values == [3, 4])

        let boiler = Boiler()
        let subscription = boiler.temperatureChanged += { celsius in
            print(celsius)
        }
        boiler.heat(to: 22)                 // prints 22.0
        boiler.temperatureChanged -= subscription
        #expect(boiler.temperatureChanged.subscriberCount == 0)
        var dashboard: Dashboard? = Dashboard(boiler: boiler)
        #expect(boiler.temperatureChanged.subscriberCount == 1)
        dashboard = nil
        #expect(dashboard == nil && boiler.temperatureChanged.subscriberCount == 0)
    }

    @Test func shapesOnEventsAndDecisions() async {
        let field = NameField()
        let shouldChange = Decision<NameField, String, Bool>(
            default: true, combine: { $0 && $1 }
        )
        shouldChange += { text in text.count <= 10 }
        let allowed = shouldChange.ask(field, "hello")   // true: 5 characters
        #expect(allowed && !shouldChange.ask(field, "a long, long name"))

        let hatch = Hatch()
        let angles = Recorder<Int>()
        hatch.opened { angle in print("opened \(angle)°") }
        hatch.opened { angle in angles.append(angle) }
        hatch.open(angle: 30)
        #expect(angles.values == [30])

        let thermostat = Boiler()
        let screen = ExampleScreen()
        let subscription = thermostat.temperatureChanged { print($0) }
        thermostat.temperatureChanged += { celsius in print(celsius) }   // the same
        thermostat.temperatureChanged.once { celsius in print("first:", celsius) }
        thermostat.temperatureChanged -= subscription
        thermostat.temperatureChanged { print("changed") }
        thermostat.temperatureChanged.subscribe(owner: screen) { screen, _, celsius in screen.show(celsius) }
        thermostat.temperatureChanged { celsius in print(celsius) }.store(in: screen.on.lifetime)
        let readings = thermostat.temperatureChanged.values
        thermostat.heat(to: 20)
        thermostat.heat(to: 26)
        var last = 0.0
        for await celsius in readings {
            last = celsius
            if celsius > 25 { break }
        }
        #expect(last == 26)
        #expect(screen.shown.values == ["20.0", "26.0"])
        let observer = ObserverToken()
        let removed = Counter()
        let center = NotificationCenter()
        EventSubscription { center.removeObserver(observer) }.cancel()
        let cancellation = EventSubscription { removed.increment() }
        cancellation.cancel()
        cancellation.cancel()
        #expect(removed.value == 1)
    }

    @Test func localEventsFillLocalVariables() {
        let download = Download()
var last = 0.0
download.progressed { last = $0 }
download.progressed.send(download, 0.5)   // last == 0.5
        #expect(last == 0.5)

        do {  // LocalSubscription
var seen: [Double] = []
let subscription = download.progressed { seen.append($0) }
download.progressed -= subscription
            download.progressed.send(download, 1)
            #expect(seen.isEmpty)
        }

        // The parser example (ReadOnlyLocalDecision) is the README quick start's: ReadmeQuickStartSnippetTests.
    }

    @Test func everyXMLParserCallbackExampleCompilesAndTheCommonOnesRun() {
        let parser = XMLParser(data: Data(#"<?pi data?><!--note--><a xmlns:m="urn:m"><![CDATA[x]]>text</a>"#.utf8))
        parser.shouldReportNamespacePrefixes = true
        var text = ""
        let seen = Recorder<String>()
        parser.on.didStartDocument { print("start") }
        parser.on.didEndDocument { print("done") }
        parser.on.foundNotationDeclaration { notation in print(notation.name, notation.systemID ?? "") }
        parser.on.foundUnparsedEntityDeclaration { entity in print(entity.name, entity.notationName ?? "") }
        parser.on.foundAttributeDeclaration { declaration in print(declaration.attributeName) }
        parser.on.foundElementDeclaration { declaration in print(declaration.elementName) }
        parser.on.foundInternalEntityDeclaration { entity in print(entity.name, entity.value ?? "") }
        parser.on.foundExternalEntityDeclaration { entity in print(entity.name, entity.systemID ?? "") }
        parser.on.didStartElement { element in print(element.name, element.attributes) }
        parser.on.didEndElement { element in print("</\(element.name)>") }
        parser.on.didStartMappingPrefix { parser, prefix, uri in print(prefix, uri) }
        parser.on.didEndMappingPrefix { prefix in print(prefix) }
        parser.on.foundCharacters { text += $0 }
        parser.on.foundCharacters { text in print(text) }
        parser.on.foundIgnorableWhitespace { whitespace in print(whitespace.count) }
        parser.on.foundProcessingInstruction { instruction in print(instruction.target) }
        parser.on.foundComment { comment in print(comment) }
        parser.on.foundCDATA { data in print(String(decoding: data, as: UTF8.self)) }
        parser.on.resolveExternalEntity { entity in entity.name == "c" ? Data("©".utf8) : nil }
        parser.on.parseError { error in print("line \(error.line), column \(error.column)") }
        parser.on.validationError { error in print(error) }
        parser.on.didStartDocument { parser in seen.append("document \(parser.lineNumber)") }
        parser.on.foundNotationDeclaration { notation in seen.append(notation.name) }
        parser.on.didEndDocument { seen.append("end") }
        #expect(parser.parse())
        #expect(text == "text")
        #expect(seen.values == ["document 1", "end"])
    }

    @Test func fileManagerExamplesVetoWhatTheySay() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let fileManager = FileManager()
        fileManager.on.shouldCopyItem { copy in copy.source.pathExtension != "tmp" }
        fileManager.on.shouldCopyItemAtPath { copy in !copy.source.hasSuffix(".tmp") }
        fileManager.on.shouldMoveItem { move in move.source.pathExtension != "tmp" }
        fileManager.on.shouldMoveItemAtPath { move in !move.source.hasSuffix(".tmp") }
        fileManager.on.shouldLinkItem { link in link.source.pathExtension != "tmp" }
        fileManager.on.shouldLinkItemAtPath { link in !link.source.hasSuffix(".tmp") }
        fileManager.on.shouldRemoveItem { item in item.lastPathComponent != "keep" }
        fileManager.on.shouldRemoveItemAtPath { path in !path.hasSuffix("/keep") }
        fileManager.on.shouldProceedAfterCopyError { failure in (failure.error as NSError).code == CocoaError.fileWriteFileExists.rawValue }
        fileManager.on.shouldProceedAfterCopyErrorAtPath { false }
        fileManager.on.shouldProceedAfterMoveError { false }
        fileManager.on.shouldProceedAfterMoveErrorAtPath { false }
        fileManager.on.shouldProceedAfterLinkError { false }
        fileManager.on.shouldProceedAfterLinkErrorAtPath { false }
        fileManager.on.shouldProceedAfterRemoveError { true }
        fileManager.on.shouldProceedAfterRemoveErrorAtPath { true }
        fileManager.on.shouldCopyItem { fileManager, source, destination in source != destination }
        fileManager.on.shouldProceedAfterCopyError { fileManager, error, source, destination in false }
        fileManager.on.shouldProceedAfterRemoveError { fileManager, error, item in true }
        let scratch = try directory.write("s", to: "scratch.tmp")
        try fileManager.copyItem(at: scratch, to: directory("copy.txt"))
        #expect(!FileManager.default.fileExists(atPath: directory("copy.txt").path))
        let keep = try directory.write("k", to: "keep")
        try fileManager.removeItem(at: keep)
        #expect(FileManager.default.fileExists(atPath: keep.path))
    }

    @Test func cacheNotificationAndTimerExamples() throws {
        let cache = NSCache<NSString, Thumbnail>()
        cache.countLimit = 1
        let evictions = Counter()
        cache.on.willEvict().once { thumbnail in print("first eviction:", thumbnail) }
        cache.on.willEvict { _, thumbnail in thumbnail.releaseMemory() }
        cache.on.willEvict().subscribe { thumbnail in evictions.increment() }
        cache.setObject(Thumbnail(), forKey: "a")
        cache.setObject(Thumbnail(), forKey: "b")
        #expect(evictions.value == 1)

        let center = NotificationCenter()
        let name = Notification.Name("Example")
        let screen = ExampleScreen()
        let observation = center.on.notification(name) { center, notification in print(notification.name) }
        center.on.notification(.settingsChanged).subscribe(owner: screen) { screen in screen.reload() }
        let shown = center.on.notification(name).subscribe { notification in screen.show(notification.name.rawValue) }
        center.post(name: .settingsChanged, object: nil)
        center.post(name: name, object: nil)
        #expect(screen.shown.values == ["reload", "Example"])
        observation.cancel()
        shown.cancel()

        let timer = try Timer.on(every: 1)
        timer.on.tick { print("tick") }
        RunLoop.main.add(timer, forMode: .common)
        // …
        timer.on.invalidate()               // stops it and releases the handlers
        let clockView = ExampleScreen()
        #expect(!timer.on.tick(owner: clockView) { clockView in clockView.refresh() }.isActive)
    }

    @Test func propertyChangeExamplesGiveOldAndNew() {
        let savings = Savings()
        let model = savings
        let changes = Recorder<String>()
savings.on.change(of: \.balance) { _, change in
    print("\(change.old) → \(change.new)")
}
savings.balance = 10   // prints "0 → 10", synchronously, on this thread
        model.on.change(of: \.owner) { _, change in print(change.old, "→", change.new) }
        model.on.change(of: \.owner) { _, change in changes.append("\(change.old)→\(change.new)") }
        model.owner = "Grace"
        #expect(changes.values == ["Ada→Grace"])
        let radiator = Radiator()
        radiator.on.change(of: \.celsius) { _, change in changes.append("\(change.new)") }
        radiator.celsius = 21
        #expect(changes.values == ["Ada→Grace", "21.0"])
    }
}

extension Notification.Name {
    /// The notification the NotificationCenter example observes.
    static let settingsChanged = Notification.Name("SettingsChanged")
}
