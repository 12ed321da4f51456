import Foundation
import OnKit
import Synchronization
import Testing

// The "Writing an adapter" article's snippets, verbatim: an adapter for NSKeyedArchiverDelegate
// built on OnKit's public API only (this file imports OnKit without @testable or SPI), with
// assertions on what the article claims. Linux spellings of the protocol (its methods are
// required there): the article's "On Apple platforms" section gives the Objective-C ones.
#if !canImport(ObjectiveC)
nonisolated final class ArchiverEvents:
    NSObject, NSKeyedArchiverDelegate, Sendable {
    static let key = AssociationKey<ArchiverEvents>(
        "ArchiverEvents", default: ArchiverEvents()
    )

    let replacement = Decision<NSKeyedArchiver, Any, Any?>.firstNonNil()
    let didEncode = Event<NSKeyedArchiver, Any?>()
    let didFinish = Event<NSKeyedArchiver, Void>()

    /// The delegate the archiver had before, called first; held weakly,
    /// as the archiver held it.
    private let previous = Mutex(WeakDelegate())

    struct WeakDelegate: @unchecked Sendable {
        // Sound: read and written only under the mutex, and the delegate
        // is called only where the archiver calls the proxy, on the thread
        // where it would have called it itself.
        weak var delegate: (any NSKeyedArchiverDelegate)?
    }

    override init() {}

    /// Makes this proxy the archiver's delegate, remembering the one it
    /// replaces.
    func install(on archiver: NSKeyedArchiver) {
        previous.withLock { previous in
            guard archiver.delegate !== self else { return }
            previous.delegate = archiver.delegate
            archiver.delegate = self
        }
    }

    private var forwardTarget: (any NSKeyedArchiverDelegate)? {
        previous.withLock { $0.delegate }
    }

    func archiver(
        _ archiver: NSKeyedArchiver, willEncode object: Any
    ) -> Any? {
        var object = object
        if let forwardTarget {
            // The earlier delegate's answer stands as without OnKit,
            // `nil` included.
            let answer = forwardTarget.archiver(
                archiver, willEncode: object
            )
            guard let answer else { return nil }
            object = answer
        }
        return replacement.ask(archiver, object) ?? object
    }

    func archiver(_ archiver: NSKeyedArchiver, didEncode object: Any?) {
        forwardTarget?.archiver(archiver, didEncode: object)
        didEncode.send(archiver, object)
    }

    func archiverDidFinish(_ archiver: NSKeyedArchiver) {
        forwardTarget?.archiverDidFinish(archiver)
        didFinish.send(archiver)
    }

    func archiverWillFinish(_ archiver: NSKeyedArchiver) {
        forwardTarget?.archiverWillFinish(archiver)
    }

    func archiver(
        _ archiver: NSKeyedArchiver, willReplace object: Any?,
        withObject newObject: Any?
    ) {
        forwardTarget?.archiver(
            archiver, willReplace: object, withObject: newObject
        )
    }
}

extension On where Base: NSKeyedArchiver {
    private var events: ArchiverEvents {
        let events = self[ArchiverEvents.key]
        events.install(on: base)
        return events
    }

    /// Asked before each object is encoded: the first non-`nil` answer is
    /// encoded instead.
    var replacement: ReadOnlyDecision<NSKeyedArchiver, Any, Any?> {
        events.replacement.readOnly
    }

    /// Each object encoded (`nil` for one a delegate skipped).
    var didEncode: ReadOnlyEvent<NSKeyedArchiver, Any?> {
        events.didEncode.readOnly
    }

    /// The archive is finished.
    var didFinish: ReadOnlyEvent<NSKeyedArchiver, Void> {
        events.didFinish.readOnly
    }
}

/// A delegate the archiver had before OnKit's proxy: it must still be called, first.
final class RecordingArchiverDelegate: NSKeyedArchiverDelegate, Sendable {
    let calls = Recorder<String>()

    func archiver(
        _ archiver: NSKeyedArchiver, willEncode object: Any
    ) -> Any? {
        calls.append("willEncode")
        return object
    }

    func archiver(_ archiver: NSKeyedArchiver, didEncode object: Any?) { calls.append("didEncode") }
    func archiver(_ archiver: NSKeyedArchiver, willReplace object: Any?, withObject newObject: Any?) {}
    func archiverWillFinish(_ archiver: NSKeyedArchiver) { calls.append("willFinish") }
    func archiverDidFinish(_ archiver: NSKeyedArchiver) { calls.append("didFinish") }
}

@Suite struct ArticleWritingAnAdapterSnippetTests {
    @Test func handlersReplaceObjectsAndHearEncodesAndTheFinish() throws {
let archiver = NSKeyedArchiver(requiringSecureCoding: false)
archiver.on.replacement { object in           // dates as text
    (object as? NSDate).map { "\($0)" as NSString }
}
archiver.on.didEncode { _, object in print("encoded", object ?? "nothing") }
archiver.on.didFinish { archiver in print("finished") }
let note = ["title": "Notes", "saved": NSDate()] as NSDictionary
archiver.encode(note, forKey: "root")
archiver.finishEncoding()                       // prints "finished"

        // The same archive, recorded: a date is encoded as its text, and the finish is heard.
        let encoded = Recorder<String>()
        let finished = Recorder<Bool>()
        let recorded = NSKeyedArchiver(requiringSecureCoding: false)
        recorded.on.replacement { _, object in (object as? NSDate).map { "\($0)" as NSString } }
        recorded.on.didEncode { _, object in encoded.append(object.map { "\(type(of: $0))" } ?? "nil") }
        recorded.on.didFinish { _ in finished.append(true) }
        recorded.encode(["saved": NSDate(timeIntervalSince1970: 0)] as NSDictionary, forKey: "root")
        recorded.finishEncoding()
        #expect(finished.values == [true])
        #expect(!encoded.values.contains { $0.contains("Date") })
        let decoded = try NSKeyedUnarchiver(forReadingFrom: recorded.encodedData)
        decoded.requiresSecureCoding = false
        let root = decoded.decodeObject(forKey: "root") as? NSDictionary
        #expect(root?["saved"] as? String == "\(NSDate(timeIntervalSince1970: 0))")
    }

    @Test func aDelegateTheArchiverHadIsCalledFirstAndKeptWorking() {
        let order = Recorder<String>()
        let delegate = RecordingArchiverDelegate()
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        archiver.delegate = delegate
        archiver.on.didFinish { _ in order.append("handler after \(delegate.calls.values.last ?? "nothing")") }
        archiver.encode("hello" as NSString, forKey: "root")
        archiver.finishEncoding()
        #expect(delegate.calls.values.contains("willEncode"))
        #expect(delegate.calls.values.suffix(2) == ["willFinish", "didFinish"])
        #expect(order.values == ["handler after didFinish"])
        withExtendedLifetime(delegate) {}
    }

    @Test func theProxyLivesAsLongAsTheArchiver() {
        weak var weakProxy: ArchiverEvents?
        do {
            let archiver = NSKeyedArchiver(requiringSecureCoding: false)
            archiver.on.didFinish { _ in }
            weakProxy = archiver.delegate as? ArchiverEvents
            #expect(weakProxy != nil)
            archiver.finishEncoding()
        }
        Associations.releaseValuesOfDeadHosts()
        #expect(weakProxy == nil)
    }
}
#endif
