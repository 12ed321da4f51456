import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import OnKit
import OnKitURLSession

// Snippets of the earlier, longer README for the delegate adapters, kept as behaviour tests (the
// README's own snippets are in ReadmeQuickStartSnippetTests).

@Suite struct ReadmeFoundationSnippetTests {
    @Test func xmlParserSnippetDeliversElementsTextAndErrors() {
        let names = Recorder<String>()
        let errors = Recorder<String>()
        let data = Data("<shelf><book id=\"1\">Dune</book><book id=\"2\">Emma</book></shelf>".utf8)
let parser = XMLParser(data: data)
parser.on.didStartElement { element in
    print(element.name, element.attributes)
}
parser.on.foundCharacters { parser, text in print("text:", text) }
parser.on.parseError { parser, error in print("line \(error.line), column \(error.column): \(error)") }
let parsed = parser.parse()                         // true: well-formed

        #expect(parsed)
        parser.on.didStartElement { _, element in names.append(element.name) }
        let again = XMLParser(data: Data("<a><b></a>".utf8))
        again.on.parseError { _, error in errors.append("\(error.line):\(error.column)") }
        _ = again.parse()  // may answer true after errors on Linux; the event is what counts
        #expect(errors.count >= 1)
        #expect(errors.values.first?.hasPrefix("1:") == true)
        #expect(names.values.isEmpty)  // added after the parse ran
    }

    @Test func cacheSnippetReportsEvictions() {
        let evicted = Recorder<String>()
let cache = NSCache<NSString, NSString>()
cache.countLimit = 1
cache.on.willEvict { cache, object in print("evicting \(object)") }
cache.setObject("first", forKey: "a")
cache.setObject("second", forKey: "b")              // over the limit: prints what goes

        cache.on.willEvict { _, object in evicted.append(object as String) }
        cache.setObject("third", forKey: "c")
        #expect(evicted.count == 1)
        let left = ["a", "b", "c"].compactMap { cache.object(forKey: $0 as NSString) as String? }
        #expect(left.count == 1)
        #expect(!left.contains(evicted.values.first ?? "none"))
    }

    @Test func fileManagerSnippetVetoesACopy() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let secret = try directory.write("s", to: "secret.txt")
        let copy = directory("copy.txt")
let fileManager = FileManager()
fileManager.on.shouldCopyItem { _, items in items.source.lastPathComponent != "secret.txt" }
// Every handler must agree, and so must a delegate the file manager already had.
try? fileManager.copyItem(at: secret, to: copy)     // vetoed: nothing is copied

        #expect(!FileManager.default.fileExists(atPath: copy.path))
    }

    @Test func urlSessionSnippetDeliversDataAndCompletion() async throws {
        let server = try LoopbackHTTPServer()
        let url = server.url("/hello")
        let byteCounts = Recorder<Int>()
        let completions = Counter()
let session = URLSession.on(configuration: .ephemeral)   // the session's delegate is OnKit's
session.on.didReceiveData { session, received in print("received \(received.data.count) bytes") }
session.on.didComplete { session, completed in print("done", completed.error.map { "\($0)" } ?? "") }

        session.on.didReceiveData { _, received in byteCounts.append(received.data.count) }
        session.on.didComplete += { _, _ in completions.increment() }
session.dataTask(with: url).resume()
session.finishTasksAndInvalidate()                       // handlers are released once it ends

        try #require(await pollUntil { completions.value == 1 })
        #expect(byteCounts.values.reduce(0, +) == LoopbackHTTPServer.helloBody.count)
        #expect(await pollUntil { !session.on.sendsEvents })
    }
}
