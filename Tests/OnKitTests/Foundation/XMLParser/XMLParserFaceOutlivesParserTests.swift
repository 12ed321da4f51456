import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import OnKit
import Testing

/// Linux: a parser's proxy is released by the side table's sweep, on whichever thread runs it.
/// Its deinit keeps a local store that holds handlers, and lets an empty one go. A face that
/// outlives the parser may add a handler on its own thread meanwhile: the check and the release
/// are one step with that add, so the handler is kept, or released at once by the add, on the
/// face's thread; never on the sweep's.
@Suite struct XMLParserFaceOutlivesParserTests {
    /// The step the deinit takes: an empty local store finishes, and a handler added to it after
    /// that is released by the add itself, on the adding thread.
    @Test func aHandlerAddedAfterTheEmptyStoreFinishedIsReleasedByTheAdd() async {
        let released = ReleaseThreads()
        let (kept, thread) = await onNewThread { () -> Bool in
            let callback = LocalProxyCallback<XMLParser, String, Void>()
            let parser = XMLParser(data: Data("<a>x</a>".utf8))
            let face = callback.face(serving: parser, as: XMLParser.self)
            #expect(callback.local.store.finishIfEmpty())
            do {
                let probe = DeinitProbe { released.record() }
                face { _ in withExtendedLifetime(probe) {} }
            }
            return face.subscriberCount > 0
        }
        #expect(!kept)
        #expect(released.values == [thread])
    }

    @Test func aStoreWithAHandlerDoesNotFinish() {
        let callback = LocalProxyCallback<XMLParser, String, Void>()
        let parser = XMLParser(data: Data("<a>x</a>".utf8))
        let face = callback.face(serving: parser, as: XMLParser.self)
        let subscription = face { _ in }
        #expect(!callback.local.store.finishIfEmpty())
        #expect(face.subscriberCount == 1)
        subscription.cancel()
    }

    /// The race itself: the sweep frees a dead parser's proxy while the face adds a handler.
    @Test func aFaceRacingTheSweepNeverHasItsHandlerReleasedOnTheSweepsThread() async {
        let released = ReleaseThreads()
        var faceThreads: Set<String> = []
        for _ in 0..<100 {
            let (_, thread) = await onNewThread {
                var face: ReadOnlyLocalEvent<XMLParser, String>?
                do {
                    let parser = XMLParser(data: Data("<a>x</a>".utf8))
                    face = parser.on.foundCharacters
                }
                let sweep = Thread { _ = Associations.releaseValuesOfDeadHosts() }
                sweep.start()
                do {
                    let probe = DeinitProbe { released.record() }
                    _ = face? { _ in withExtendedLifetime(probe) {} }
                }
                face = nil
            }
            faceThreads.insert(thread)
        }
        _ = Associations.releaseValuesOfDeadHosts()
        await settle()
        #expect(released.values.allSatisfy { faceThreads.contains($0) })
    }
}
