import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import OnKit
import Synchronization

/// What a libxml2 error number means, for the errors a newcomer meets first. Foundation reports
/// XML errors by number only (on Linux, libxml2's numbers, which `XMLParser.ErrorCode` does not
/// match), so the tour says what each one means.
func meaning(of error: XMLParseError) -> String {
    switch error.underlying.code {
    case 4: "the document is empty"
    case 5: "the document does not end where it should (an element is still open)"
    case 73: "a tag is missing its closing '>'"
    case 76: "an end tag does not match the element that is open"
    case 77: "the data ends inside a tag"
    default: "error \(error.underlying.code) (see XMLParser.ErrorCode)"
    }
}

func foundationTour() async throws {
    print("\n== XMLParser: a library catalog read into local variables")
    // Sound: the catalog is a resource of this executable, copied by the package manifest.
    let catalogURL = Bundle.module.url(forResource: "catalog", withExtension: "xml")!
    guard let parser = XMLParser(contentsOf: catalogURL) else { throw TourError.missing(catalogURL) }
    // parse() calls the handlers on this thread, so they may change these variables directly.
    var lines: [String] = []
    var text = ""
    parser.on.foundComment { comment in
        print("  the file's comment: \(comment.trimmingCharacters(in: .whitespaces))")
    }
    parser.on.didStartElement { element in
        text = ""
        if element.name == "book", let id = element.attributes["id"] {
            lines.append("book \(id), in \(element.attributes["lang"] == "fr" ? "French" : "English"):")
        }
    }
    parser.on.foundCharacters { text += $0 }
    parser.on.foundCDATA { text += String(decoding: $0, as: UTF8.self) }
    parser.on.didEndElement { element in
        if ["title", "author", "year"].contains(element.name) {
            lines.append("    \(element.name): \(text.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        text = ""
    }
    _ = parser.parse()
    for line in lines { print("  \(line)") }

    print("\n== Malformed XML: each error arrives as an event, with where it happened")
    let document = "<catalog>\n  <book>\n</catalog>"
    let shown = document.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    print("  parsing \(shown.joined(separator: " ")) (the book is never closed):")
    let broken = XMLParser(data: Data(document.utf8))
    broken.on.parseError { error in
        print("  line \(error.line), column \(error.column): \(meaning(of: error))")
    }
    _ = broken.parse()

    print("\n== NSCache: evictions as an event")
    let cache = NSCache<NSString, NSString>()
    cache.countLimit = 1
    cache.on.willEvict { _, object in print("  the cache evicts \"\(object)\"") }
    cache.on.willEvict().once { object in print("  a once handler saw its first eviction: \"\(object)\"") }
    print("  a cache that holds one object stores \"first\", then \"second\", and evicts one of them:")
    cache.setObject("first", forKey: "a")
    cache.setObject("second", forKey: "b")

    print("\n== NotificationCenter: each subscription is one observer")
    let center = NotificationCenter()
    let saved = Notification.Name("DocumentSaved")
    let observer = center.on.notification(saved) { _, notification in
        print("  a document was saved: \(notification.userInfo?["name"] ?? "?")")
    }
    center.post(name: saved, object: nil, userInfo: ["name": "notes.txt"])
    observer.cancel()
    print("  the subscription is cancelled; a second post (ignored.txt) prints nothing")
    center.post(name: saved, object: nil, userInfo: ["name": "ignored.txt"])

    print("\n== DispatchTimer: a handler that gets the timer, and stops it")
    let ticked = Counter()
    let timer = try DispatchTimer.every(0.05) { timer in
        print("  tick \(timer.fireCount) of 3")
        if timer.fireCount == 3 { timer.cancel() }
        ticked.increment()
    }
    try await waitFor("the timer to stop itself") { !timer.isActive }
    print("  the timer stopped itself after \(ticked.value) ticks")

    print("\n== Signals: catching SIGTERM to shut down cleanly")
    let caught = Counter()
    let onTerminate = try Signal.terminate.received { signal in
        print("  caught \(signal): shutting down cleanly instead of being killed")
        caught.increment()
    }
    print("  the tour sends itself SIGTERM, as `kill <pid>` would:")
    kill(getpid(), SIGTERM)
    try await waitFor("SIGTERM to be handled") { caught.value == 1 }
    onTerminate.cancel()     // the default action of SIGTERM is back
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
