import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import OnKit
import Testing

/// A parser's local handlers, and what they capture, are released on the parsing thread: when
/// the parse ends, or by `removeLocalHandlers()`; never by the Linux side table's sweep, which
/// runs on whichever thread finds a dead parser (issue 21, route 5).
@Suite struct XMLParserLocalReleaseTests {
    @Test(arguments: ["<feed><title>One</title></feed>", "<feed><title>One</feed>"])  // well-formed, and recovered
    func handlersAreReleasedOnTheParsingThreadWhenTheParseEnds(document: String) async {
        let released = ReleaseThreads()
        let (text, parsingThread) = await onNewThread { () -> String in
            let parser = XMLParser(data: Data(document.utf8))
            do {  // the handler holds the only reference to the probe
                let probe = DeinitProbe { released.record() }
                parser.on.foundCharacters { _ in withExtendedLifetime(probe) {} }
            }
            var text = ""
            parser.on.foundCharacters { text += $0 }
            _ = parser.parse()
            // Released by the end of the parse, before `parse()` returned: nothing is left for
            // whoever frees the parser.
            return released.values == [currentTestThreadName] ? text : "not released by the parse"
        }
        #expect(text == "One")
        #expect(await releaseDeadHostValues { true })  // the sweep a Linux side table runs anywhere
        #expect(released.values == [parsingThread])
    }

    /// A parser freed without a parse that ended keeps its local handlers on Linux (nothing runs
    /// on its thread then) rather than releasing them on the sweep's thread; on Apple platforms
    /// they go with the parser, on its thread. `removeLocalHandlers()` releases them at once.
    @Test func aParserNeverParsedKeepsItsHandlersOffOtherThreadsUntilRemoved() async {
        let released = ReleaseThreads()
        let removed = ReleaseThreads()
        let (_, parsingThread) = await onNewThread {
            let kept = XMLParser(data: Data("<a>x</a>".utf8))
            do {
                let probe = DeinitProbe { released.record() }
                kept.on.foundCharacters { _ in withExtendedLifetime(probe) {} }
            }

            let dropped = XMLParser(data: Data("<a>x</a>".utf8))
            do {
                let other = DeinitProbe { removed.record() }
                dropped.on.didStartElement { _ in withExtendedLifetime(other) {} }
            }
            dropped.on.removeLocalHandlers()
        }
        #expect(removed.values == [parsingThread])
        _ = Associations.releaseValuesOfDeadHosts()  // the sweep a Linux side table runs anywhere
        await settle()  // lets a sweep another suite started finish
        #if canImport(ObjectiveC)
        #expect(released.values == [parsingThread])
        #else
        #expect(released.values.isEmpty)  // kept: never released on this (or a worker) thread
        #endif
    }

    /// `abortParsing()` ends a parse without an end of document: `removeLocalHandlers()` after it
    /// releases the handlers on the parsing thread.
    @Test func afterAbortingRemoveLocalHandlersReleasesThemOnTheParsingThread() async {
        let released = ReleaseThreads()
        let (names, parsingThread) = await onNewThread { () -> [String] in
            let parser = XMLParser(data: Data("<a><b/><c/></a>".utf8))
            var names: [String] = []
            do {
                let probe = DeinitProbe { released.record() }
                parser.on.didStartElement { parser, element in
                    withExtendedLifetime(probe) {}
                    names.append(element.name)
                    if element.name == "b" { parser.abortParsing() }
                }
            }
            #expect(!parser.parse())
            #if !canImport(ObjectiveC)
            #expect(released.values.isEmpty)  // Linux: no end of document, nothing released yet
            #endif
            parser.on.removeLocalHandlers()
            #expect(released.values.count == 1)  // at once, here
            return names
        }
        #expect(names == ["a", "b"])
        #expect(await releaseDeadHostValues { true })
        #expect(released.values == [parsingThread])
    }

    /// The `Sendable` face's handlers are not local: they stay after the parse, and go with the
    /// parser.
    @Test func sharedHandlersOutliveTheParse() {
        let parser = XMLDocuments.parser("<a/>")
        let elements = Recorder<String>()
        var local = 0
        parser.on.didStartElement.shared { _, element in elements.append(element.name) }
        parser.on.didStartElement { _ in local += 1 }
        #expect(parser.on.didStartElement.subscriberCount == 2)

        _ = parser.parse()

        #expect(elements.values == ["a"])
        #expect(local == 1)
        #expect(parser.on.didStartElement.subscriberCount == 1)  // the shared one
    }
}
