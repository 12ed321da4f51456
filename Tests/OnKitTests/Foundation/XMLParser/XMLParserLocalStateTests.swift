import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import OnKit
import Testing

/// A parser's handlers fill local variables with no lock (its faces are local: the parser is not
/// `Sendable` and `parse()` calls back on its own thread), and the compiler refuses to move such
/// a parser to another task while that state is in use.
@Suite struct XMLParserLocalStateTests {
    @Test func handlersOfEveryShapeFillLocalVariables() {
        let parser = XMLDocuments.parser(
            #"<?xml-stylesheet href="feed.css"?><feed xmlns:m="urn:media"><item><title>One</title></item><item><title>Two</title></item></feed>"#
        )
        parser.shouldReportNamespacePrefixes = true
        var titles: [String] = []
        var text = ""
        var documents = 0
        var prefixes: [String] = []
        var stylesheet = ""
        parser.on.didStartDocument { documents += 1 }                                  // { }
        parser.on.foundCharacters { text += $0 }                                       // { value in }
        parser.on.didEndElement { element in                                           // { value in }
            if element.name == "title" { titles.append(text) }
            text = ""
        }
        parser.on.didStartMappingPrefix { _, prefix, uri in prefixes.append("\(prefix)=\(uri)") }  // flat
        parser.on.foundProcessingInstruction { _, instruction in stylesheet = instruction.data ?? "" }  // (sender, args)

        #expect(parser.parse())
        #expect(titles == ["One", "Two"])
        #expect(documents == 1)
        #expect(prefixes == ["m=urn:media"])
        #expect(stylesheet == #"href="feed.css""#)
    }

    @Test func aLocalEventsHandlersCaptureLocalState() {
        final class Download { let progressed = LocalEvent<Download, Double>() }
        let download = Download()
        var seen: [Double] = []
        let subscription = download.progressed { seen.append($0) }
        download.progressed.once { _, fraction in seen.append(-fraction) }
        download.progressed.send(download, 0.5)
        download.progressed -= subscription
        download.progressed.send(download, 1)
        #expect(seen == [0.5, -0.5])
        #expect(download.progressed.subscriberCount == 0)
    }

    /// The refusal is real: the same code compiles when the parser stays, and does not when it
    /// moves to another task while a handler's captured variable is still read. (`DispatchQueue`
    /// and `Thread` take `@Sendable` closures, which cannot capture a parser at all.)
    @Test(.enabled(if: SnippetCompiler.isAvailable, SnippetCompiler.unavailableReason), arguments: [
        "await Task.detached { _ = parser.parse() }.value",
        "await Task { _ = parser.parse() }.value",
    ])
    func movingAParserWhoseHandlersCaptureLocalStateDoesNotCompile(move: String) throws {
        func snippet(_ run: String) -> String {
            """
            import Foundation
            #if canImport(FoundationXML)
            import FoundationXML
            #endif
            import OnKit

            func read() async -> String {
                let parser = XMLParser(data: Data("<a>x</a>".utf8))
                var text = ""
                parser.on.foundCharacters { text += $0 }
                \(run)
                return text
            }
            """
        }
        let staying = try SnippetCompiler.compile(snippet("_ = parser.parse()"))
        #expect(staying.compiled, "the snippet should compile when the parser stays: \(staying.output)")

        let moving = try SnippetCompiler.compile(snippet(move))
        #expect(!moving.compiled)
        #expect(moving.output.contains("risks causing data races"), "\(moving.output)")
    }
}
