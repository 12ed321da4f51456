// A program that touches every public adapter entry point, built and run in release mode by CI:
// a release build is what users ship, and a compiler crash once hid there (`cache.on.willEvict`
// crashed the optimizer while debug builds worked). Each callback gets every member of the
// surface, with its count of handlers checked; the program exits 1 on any mismatch.
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OnKit
import OnKitURLSession

// MARK: Core

let event = Event<Owner, Int>()
touch("Event", event) {}
touch("ReadOnlyEvent", event.readOnly) {}
let decision = Decision<Owner, Int, Bool>.all()
touch("Decision", decision) { true }
touch("ReadOnlyDecision", decision.readOnly) { true }

// MARK: XMLParser

let parser = XMLParser(data: Data("<a/>".utf8))
touch("didStartDocument", parser.on.didStartDocument) {}
touch("didEndDocument", parser.on.didEndDocument) {}
touch("foundNotationDeclaration", parser.on.foundNotationDeclaration) {}
touch("foundUnparsedEntityDeclaration", parser.on.foundUnparsedEntityDeclaration) {}
touch("foundAttributeDeclaration", parser.on.foundAttributeDeclaration) {}
touch("foundElementDeclaration", parser.on.foundElementDeclaration) {}
touch("foundInternalEntityDeclaration", parser.on.foundInternalEntityDeclaration) {}
touch("foundExternalEntityDeclaration", parser.on.foundExternalEntityDeclaration) {}
touch("didStartElement", parser.on.didStartElement) {}
touch("didEndElement", parser.on.didEndElement) {}
touch("didStartMappingPrefix", parser.on.didStartMappingPrefix) {}
touch("didEndMappingPrefix", parser.on.didEndMappingPrefix) {}
touch("foundCharacters", parser.on.foundCharacters) {}
touch("foundIgnorableWhitespace", parser.on.foundIgnorableWhitespace) {}
touch("foundProcessingInstruction", parser.on.foundProcessingInstruction) {}
touch("foundComment", parser.on.foundComment) {}
touch("foundCDATA", parser.on.foundCDATA) {}
touch("resolveExternalEntity", parser.on.resolveExternalEntity) { nil }
touch("parseError", parser.on.parseError) {}
touch("validationError", parser.on.validationError) {}

// MARK: FileManager

let fileManager = FileManager()
touch("shouldCopyItem", fileManager.on.shouldCopyItem) { true }
touch("shouldCopyItemAtPath", fileManager.on.shouldCopyItemAtPath) { true }
touch("shouldMoveItem", fileManager.on.shouldMoveItem) { true }
touch("shouldMoveItemAtPath", fileManager.on.shouldMoveItemAtPath) { true }
touch("shouldLinkItem", fileManager.on.shouldLinkItem) { true }
touch("shouldLinkItemAtPath", fileManager.on.shouldLinkItemAtPath) { true }
touch("shouldRemoveItem", fileManager.on.shouldRemoveItem) { true }
touch("shouldRemoveItemAtPath", fileManager.on.shouldRemoveItemAtPath) { true }
touch("shouldProceedAfterCopyError", fileManager.on.shouldProceedAfterCopyError) { true }
touch("shouldProceedAfterCopyErrorAtPath", fileManager.on.shouldProceedAfterCopyErrorAtPath) { true }
touch("shouldProceedAfterMoveError", fileManager.on.shouldProceedAfterMoveError) { true }
touch("shouldProceedAfterMoveErrorAtPath", fileManager.on.shouldProceedAfterMoveErrorAtPath) { true }
touch("shouldProceedAfterLinkError", fileManager.on.shouldProceedAfterLinkError) { true }
touch("shouldProceedAfterLinkErrorAtPath", fileManager.on.shouldProceedAfterLinkErrorAtPath) { true }
touch("shouldProceedAfterRemoveError", fileManager.on.shouldProceedAfterRemoveError) { true }
touch("shouldProceedAfterRemoveErrorAtPath", fileManager.on.shouldProceedAfterRemoveErrorAtPath) { true }

// MARK: NSCache

let cache = NSCache<NSString, NSString>()
touch("willEvict()", cache.on.willEvict()) {}
let evictions = [  // the shorthand the release compiler crashed on, in every shape
    cache.on.willEvict { _, _ in }, cache.on.willEvict { _ in }, cache.on.willEvict {},
]
if !evictions.allSatisfy({ $0.cancel() }) { failures.append("willEvict shorthand: not registered") }

// MARK: URLSession

let session = URLSession.on(configuration: .ephemeral)
touch("didBecomeInvalid", session.on.didBecomeInvalid) {}
touch("didReceiveChallenge", session.on.didReceiveChallenge) { (.performDefaultHandling, nil) }
touch("willPerformHTTPRedirection", session.on.willPerformHTTPRedirection) { nil }
touch("needNewBodyStream", session.on.needNewBodyStream) { nil }
touch("didSendBodyData", session.on.didSendBodyData) {}
touch("didComplete", session.on.didComplete) {}
touch("didFinishCollectingMetrics", session.on.didFinishCollectingMetrics) {}
#if canImport(ObjectiveC)
touch("taskIsWaitingForConnectivity", session.on.taskIsWaitingForConnectivity) {}  // Apple platforms only
#endif
touch("didReceiveResponse", session.on.didReceiveResponse) { .allow }
touch("didReceiveData", session.on.didReceiveData) {}
touch("didBecomeDownloadTask", session.on.didBecomeDownloadTask) {}
touch("willCacheResponse", session.on.willCacheResponse) { nil }
touch("didWriteData", session.on.didWriteData) {}
touch("didFinishDownloading", session.on.didFinishDownloading) {}
if !session.on.sendsEvents { failures.append("URLSession.on: the session sends no events") }
session.invalidateAndCancel()
// Invalidation completes asynchronously (`didBecomeInvalid`, on the delegate queue): wait for it.
let deadline = Date().addingTimeInterval(10)
while session.on.sendsEvents, Date() < deadline { usleep(1_000) }
touchFinished("didComplete after invalidation", session.on.didComplete) {}

// MARK: Notifications, timers, signals, file descriptors, property changes

do {
    try touchSources()
} catch {
    failures.append("sources: \(error)")
}

// MARK: Verdict

for failure in failures { print("FAIL: \(failure)") }
print(failures.isEmpty ? "every adapter entry point: OK" : "\(failures.count) failures")
exit(failures.isEmpty ? 0 : 1)
