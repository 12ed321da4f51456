import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import OnKit
import Synchronization

/// What the catalog parse collects; handlers run on the parsing thread, but are `@Sendable`,
/// so the state they share sits behind a lock.
final class CatalogReader: Sendable {
    private struct State {
        var path: [String] = []
        var text = ""
        var lines: [String] = []
    }

    private let state = Mutex(State())

    func start(_ element: XMLParserElement) {
        state.withLock { state in
            state.path.append(element.name)
            state.text = ""
            if element.name == "book", let id = element.attributes["id"] {
                state.lines.append("book \(id) (\(element.attributes["lang"] ?? "?")):")
            }
        }
    }

    func characters(_ text: String) {
        state.withLock { $0.text += text }
    }

    func cdata(_ data: Data) {
        state.withLock { $0.text += String(decoding: data, as: UTF8.self) }
    }

    func end(_ element: XMLParserElement) {
        state.withLock { state in
            let text = state.text.trimmingCharacters(in: .whitespacesAndNewlines)
            if ["title", "author", "year"].contains(element.name) {
                state.lines.append("    \(element.name): \(text)")
            }
            state.path.removeLast()
            state.text = ""
        }
    }

    var lines: [String] { state.withLock { $0.lines } }
}

func foundationTour() async throws {
    print("\n== XMLParser: delegate callbacks as closures")
    // Sound: the catalog is a resource of this executable, copied by the package manifest.
    let catalogURL = Bundle.module.url(forResource: "catalog", withExtension: "xml")!
    guard let parser = XMLParser(contentsOf: catalogURL) else { throw TourError.missing(catalogURL) }
    let reader = CatalogReader()
    parser.on.didStartElement { _, element in reader.start(element) }
    parser.on.foundCharacters { _, text in reader.characters(text) }
    parser.on.foundCDATA { _, data in reader.cdata(data) }
    parser.on.didEndElement { _, element in reader.end(element) }
    parser.on.foundComment { _, comment in print("  comment:\(comment)") }
    _ = parser.parse()
    for line in reader.lines { print("  \(line)") }

    print("\n== Malformed XML arrives as an event, with line and column")
    let broken = XMLParser(data: Data("<catalog>\n  <book>\n</catalog>".utf8))
    broken.on.parseError { _, error in print("  \(error)") }
    _ = broken.parse()

    print("\n== NSCache: evictions as an event")
    let cache = NSCache<NSString, NSString>()
    cache.countLimit = 1
    cache.on.willEvict { _, object in print("  evicting \(object)") }
    cache.on.willEvict().once { _, object in print("  (the first eviction, once: \(object))") }
    cache.setObject("first", forKey: "a")
    cache.setObject("second", forKey: "b")  // over the limit: one of the two goes

    print("\n== NotificationCenter: one typed subscription per observer")
    let center = NotificationCenter()
    let saved = Notification.Name("DocumentSaved")
    let observer = center.on.notification(saved) { _, notification in
        print("  saved: \(notification.userInfo?["name"] ?? "?")")
    }
    center.post(name: saved, object: nil, userInfo: ["name": "notes.txt"])
    observer.cancel()
    center.post(name: saved, object: nil, userInfo: ["name": "ignored.txt"])
    print("  (cancelled: the second post printed nothing)")

    print("\n== A timer whose handler gets the timer and stops it")
    let ticked = Counter()
    let timer = try DispatchTimer.every(0.05) { timer in
        print("  tick \(timer.fireCount)")
        if timer.fireCount == 3 { timer.cancel() }
        ticked.increment()
    }
    try await waitFor("the timer to stop itself") { !timer.isActive }
    print("  stopped after \(ticked.value) ticks")

    print("\n== Signals: catching SIGTERM (and Ctrl-C, SIGINT) to shut down cleanly")
    let caught = Counter()
    let onTerminate = try Signal.terminate.received { signal in
        print("  caught \(signal): shutting down cleanly")
        caught.increment()
    }
    let onInterrupt = try Signal.interrupt.received { signal in
        print("  caught \(signal) (Ctrl-C)")
    }
    kill(getpid(), SIGTERM)  // as `kill <pid>` would
    try await waitFor("SIGTERM to be handled") { caught.value == 1 }
    onTerminate.cancel()     // the default action of SIGTERM is back
    onInterrupt.cancel()
}

/// Counts, from any thread.
final class Counter: Sendable {
    private let count = Atomic(0)

    func increment() { count.add(1, ordering: .relaxed) }

    var value: Int { count.load(ordering: .relaxed) }
}

/// Waits until `condition` holds; throws after 10 seconds so the tour can never hang.
func waitFor(
    _ what: String,
    isolation: isolated (any Actor)? = #isolation,
    _ condition: () -> Bool
) async throws {
    for _ in 0..<1_000 {
        if condition() { return }
        try await Task.sleep(for: .milliseconds(10))
    }
    throw TourError.timedOut(waiting: what)
}

enum TourError: Error {
    case timedOut(waiting: String)
    case missing(URL)
}
