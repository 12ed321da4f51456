import Dispatch
import Foundation
import OnKit
import Testing

/// The file manager's own delegate and OnKit's handlers together, what is kept alive, and
/// decisions made from several threads.
@Suite struct FileManagerDelegateCoexistenceTests {
    /// One copy of a fresh file, decided by a delegate answering `delegateAllows` and one
    /// handler answering `handlerAllows`.
    private func copy(delegateAllows: Bool?, handlerAllows: Bool?) throws -> (copied: Bool, handlerAsked: Bool) {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let source = try directory.write("hello", to: "a.txt")
        let fileManager = FileManager()
        let delegate = delegateAllows.map { RecordingFileManagerDelegate(allows: $0) }
        fileManager.delegate = delegate
        let asked = Counter()
        let subscription = fileManager.on.shouldCopyItem { _, _ in
            asked.increment()
            return handlerAllows ?? true
        }
        if handlerAllows == nil { subscription.cancel() }

        try fileManager.copyItem(at: source, to: directory("b.txt"))
        withExtendedLifetime(delegate) {}
        return (directory.exists("b.txt"), asked.value > 0)
    }

    @Test func answerIsTheDelegatesAndedWithTheHandlersAskingStopsAtTheFirstNo() throws {
        #expect(try copy(delegateAllows: true, handlerAllows: true) == (true, true))
        #expect(try copy(delegateAllows: true, handlerAllows: false) == (false, true))
        #expect(try copy(delegateAllows: false, handlerAllows: true) == (false, false))
        #expect(try copy(delegateAllows: false, handlerAllows: nil) == (false, false))
        #expect(try copy(delegateAllows: nil, handlerAllows: false) == (false, true))
        #expect(try copy(delegateAllows: nil, handlerAllows: nil) == (true, false))
    }

    @Test func proceedingAfterAnErrorNeedsTheDelegateAndEveryHandlerToAgree() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let source = try directory.write("new", to: "a.txt")
        let destination = try directory.write("old", to: "b.txt")
        let fileManager = FileManager()
        let delegate = RecordingFileManagerDelegate(proceeds: true)
        fileManager.delegate = delegate
        let handlerProceeds = LockedBox(false)
        fileManager.on.shouldProceedAfterCopyError { _, _ in handlerProceeds.value }

        #expect(throws: (any Error).self) { try fileManager.copyItem(at: source, to: destination) }
        handlerProceeds.value = true
        try fileManager.copyItem(at: source, to: destination)
        delegate.proceeds.value = false
        #expect(throws: (any Error).self) { try fileManager.copyItem(at: source, to: destination) }
    }

    @Test func existingDelegateIsAskedEveryQuestionBeforeTheHandlers() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let log = Recorder<String>()
        try directory.write("1", to: "tree/x.txt")
        let fileManager = FileManager()
        let delegate = RecordingFileManagerDelegate(log: log)
        fileManager.delegate = delegate
        fileManager.on.shouldCopyItem { _, items in
            log.append("handler copy \(items.source.lastPathComponent)")
            return true
        }
        fileManager.on.shouldCopyItemAtPath { _, paths in
            log.append("path handler copy \((paths.source as NSString).lastPathComponent)")
            return true
        }
        fileManager.on.shouldRemoveItem { _, item in
            log.append("handler remove \(item.lastPathComponent)")
            return true
        }

        try fileManager.copyItem(at: directory("tree"), to: directory("copy"))
        try fileManager.removeItem(at: directory("copy/x.txt"))

        // Each question: the delegate, then the URL handlers, then the path handlers.
        #expect(log.values == [
            "delegate copy tree", "handler copy tree", "path handler copy tree",
            "delegate copy x.txt", "handler copy x.txt", "path handler copy x.txt",
            "delegate remove x.txt", "handler remove x.txt",
        ])
    }

    @Test func existingDelegateIsHeldWeaklyAsTheFileManagerHeldIt() throws {
        let fileManager = FileManager()
        var delegate: RecordingFileManagerDelegate? = RecordingFileManagerDelegate(allows: false)
        weak let weakDelegate = delegate
        fileManager.delegate = delegate
        fileManager.on.shouldCopyItem { _, _ in true }

        delegate = nil

        #expect(weakDelegate == nil)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let source = try directory.write("hello", to: "a.txt")
        try fileManager.copyItem(at: source, to: directory("b.txt"))
        #expect(directory.exists("b.txt"))  // the vetoing delegate is gone, not still asked
    }

    @Test func delegateSetAfterSubscribingIsAdoptedByTheNextOnCall() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let source = try directory.write("hello", to: "a.txt")
        let firstLog = Recorder<String>()
        let secondLog = Recorder<String>()
        let fileManager = FileManager()
        let first = RecordingFileManagerDelegate(log: firstLog)
        fileManager.delegate = first
        let handlerCalls = Counter()
        fileManager.on.shouldCopyItem { _, _ in
            handlerCalls.increment()
            return true
        }

        let second = RecordingFileManagerDelegate(log: secondLog)
        fileManager.delegate = second
        try fileManager.copyItem(at: source, to: directory("b.txt"))
        #expect(secondLog.values == ["delegate copy a.txt"])
        #expect(handlerCalls.value == 0)  // the slot is the user's until the next `on.` call

        fileManager.on.shouldRemoveItem { _, _ in true }
        try fileManager.copyItem(at: source, to: directory("c.txt"))

        #expect(firstLog.values.isEmpty)
        #expect(secondLog.values == ["delegate copy a.txt", "delegate copy a.txt"])
        #expect(handlerCalls.value == 1)
    }

    @Test func proxyHandlersAndCapturedObjectsAreReleasedWithTheFileManager() async {
        weak var weakFileManager: FileManager?
        weak var weakProxy: AnyObject?
        weak var weakCaptured: Tracked?
        do {
            let fileManager = FileManager()
            let captured = Tracked()
            fileManager.on.shouldRemoveItem { _, _ in
                _ = captured
                return true
            }
            weakFileManager = fileManager
            weakProxy = fileManager.delegate
            weakCaptured = captured
            #expect(weakProxy != nil, "the proxy was never installed: this test would prove nothing")
        }
        #expect(weakFileManager == nil)

        #expect(await releaseDeadHostValues { weakProxy == nil && weakCaptured == nil })
    }

    @Test func copiesFromManyThreadsAskEachHandlerOncePerItem() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let source = try directory.write("hello", to: "a.txt")
        let fileManager = FileManager()
        let delegateLog = Recorder<String>()
        let delegate = RecordingFileManagerDelegate(log: delegateLog)
        fileManager.delegate = delegate
        let first = Counter()
        let second = Counter()
        fileManager.on.shouldCopyItem { _, items in
            first.increment()
            return !items.destination.lastPathComponent.hasPrefix("skip")
        }
        fileManager.on.shouldCopyItem { _, _ in
            second.increment()
            return true
        }
        let threads = 4
        let perThread = 20
        let failures = Counter()

        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in 0..<perThread {
                let name = index.isMultiple(of: 4) ? "skip-\(thread)-\(index)" : "copy-\(thread)-\(index)"
                do { try fileManager.copyItem(at: source, to: directory(name)) } catch { failures.increment() }
            }
        }

        let copies = try FileManager().contentsOfDirectory(atPath: directory.url.path).filter { $0.hasPrefix("copy-") }
        let skipped = try FileManager().contentsOfDirectory(atPath: directory.url.path).filter { $0.hasPrefix("skip-") }
        #expect(failures.value == 0)
        #expect(first.value == threads * perThread)
        #expect(second.value == threads * perThread * 3 / 4)  // not asked after a veto
        #expect(delegateLog.count == threads * perThread)
        #expect(copies.count == threads * perThread * 3 / 4)
        #expect(skipped.isEmpty)
    }
}
