import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import OnKit
import Testing

/// What the adapter keeps alive, and for how long: the proxy, the handlers and what they
/// capture go with the parser or the subscription; the parser itself is never kept alive.
@Suite struct XMLParserLifetimeTests {
    @Test func parserIsNotKeptAliveByItsProxyOrHandlers() {
        weak var weakParser: XMLParser?
        do {
            let parser = XMLDocuments.parser("<a/>")
            parser.on.didStartElement { _, _ in }
            parser.on.parseError { _, _ in }
            _ = parser.parse()
            weakParser = parser
        }
        #expect(weakParser == nil)
    }

    @Test func proxyHandlersAndCapturedObjectsAreReleasedWithTheParser() async {
        weak var weakProxy: AnyObject?
        weak var weakCaptured: Tracked?
        var subscription: LocalSubscription?
        do {
            let parser = XMLDocuments.parser("<a/>")
            let captured = Tracked("captured by a handler")
            subscription = parser.on.didStartElement { _, _ in _ = captured }
            weakProxy = parser.delegate
            weakCaptured = captured
            _ = parser.parse()
            #expect(weakProxy != nil, "the proxy was never installed: this test would prove nothing")
        }

        // On Linux the side table releases a dead host's values at a sweep; force one.
        #expect(await releaseDeadHostValues { weakProxy == nil && weakCaptured == nil })
        #expect(subscription?.isActive == false)
        #expect(subscription?.cancel() == false)
    }

    @Test func cancellingReleasesTheHandlerAndWhatItCapturedAtOnce() {
        let parser = XMLDocuments.parser("<a/>")
        var captured: Tracked? = Tracked()
        weak let weakCaptured = captured
        let subscription = parser.on.foundCharacters { [captured] _, _ in _ = captured }
        captured = nil
        #expect(weakCaptured != nil)

        #expect(subscription.cancel())

        #expect(weakCaptured == nil)
        #expect(parser.delegate != nil)  // the proxy stays for the parser's other handlers
    }

    @Test func existingDelegateOutlivesNeitherItsOwnerNorIsReleasedEarly() {
        weak var weakDelegate: RecordingXMLParserDelegate?
        let log = Recorder<String>()
        let parser = XMLDocuments.parser("<a/>")
        do {
            let delegate = RecordingXMLParserDelegate(log: log)
            weakDelegate = delegate
            parser.delegate = delegate
            parser.on.didStartElement { _, _ in }
            _ = parser.parse()
            #expect(log.values.contains("delegate start a"))  // alive while its owner holds it
        }
        #expect(weakDelegate == nil)  // and not kept by the proxy afterwards
    }
}
