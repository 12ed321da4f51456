import Foundation

/// A file manager's own delegate, as an app would have one: answers every `should…` question
/// with `allows` and every `shouldProceedAfterError…` with `proceeds`, and records each as
/// `"delegate <operation> <last path component>"`.
final class RecordingFileManagerDelegate: NSObject, FileManagerDelegate, Sendable {
    let log: Recorder<String>
    let allows: LockedBox<Bool>
    let proceeds: LockedBox<Bool>

    init(log: Recorder<String> = Recorder(), allows: Bool = true, proceeds: Bool = false) {
        self.log = log
        self.allows = LockedBox(allows)
        self.proceeds = LockedBox(proceeds)
    }

    private func should(_ operation: String, _ item: String) -> Bool {
        log.append("delegate \(operation) \((item as NSString).lastPathComponent)")
        return allows.value
    }

    private func proceed(_ operation: String, _ item: String) -> Bool {
        log.append("delegate \(operation)Error \((item as NSString).lastPathComponent)")
        return proceeds.value
    }

    func fileManager(_ fileManager: FileManager, shouldCopyItemAtPath srcPath: String, toPath dstPath: String) -> Bool {
        should("copyPath", srcPath)
    }
    func fileManager(
        _ fileManager: FileManager, shouldProceedAfterError error: any Error, copyingItemAtPath srcPath: String,
        toPath dstPath: String
    ) -> Bool {
        proceed("copyPath", srcPath)
    }
    func fileManager(_ fileManager: FileManager, shouldMoveItemAtPath srcPath: String, toPath dstPath: String) -> Bool {
        should("movePath", srcPath)
    }
    func fileManager(
        _ fileManager: FileManager, shouldProceedAfterError error: any Error, movingItemAtPath srcPath: String,
        toPath dstPath: String
    ) -> Bool {
        proceed("movePath", srcPath)
    }
    func fileManager(_ fileManager: FileManager, shouldLinkItemAtPath srcPath: String, toPath dstPath: String) -> Bool {
        should("linkPath", srcPath)
    }
    func fileManager(
        _ fileManager: FileManager, shouldProceedAfterError error: any Error, linkingItemAtPath srcPath: String,
        toPath dstPath: String
    ) -> Bool {
        proceed("linkPath", srcPath)
    }
    func fileManager(_ fileManager: FileManager, shouldRemoveItemAtPath path: String) -> Bool {
        should("removePath", path)
    }
    func fileManager(
        _ fileManager: FileManager, shouldProceedAfterError error: any Error, removingItemAtPath path: String
    ) -> Bool {
        proceed("removePath", path)
    }
    func fileManager(_ fileManager: FileManager, shouldCopyItemAt srcURL: URL, to dstURL: URL) -> Bool {
        should("copy", srcURL.path)
    }
    func fileManager(
        _ fileManager: FileManager, shouldProceedAfterError error: any Error, copyingItemAt srcURL: URL, to dstURL: URL
    ) -> Bool {
        proceed("copy", srcURL.path)
    }
    func fileManager(_ fileManager: FileManager, shouldMoveItemAt srcURL: URL, to dstURL: URL) -> Bool {
        should("move", srcURL.path)
    }
    func fileManager(
        _ fileManager: FileManager, shouldProceedAfterError error: any Error, movingItemAt srcURL: URL, to dstURL: URL
    ) -> Bool {
        proceed("move", srcURL.path)
    }
    func fileManager(_ fileManager: FileManager, shouldLinkItemAt srcURL: URL, to dstURL: URL) -> Bool {
        should("link", srcURL.path)
    }
    func fileManager(
        _ fileManager: FileManager, shouldProceedAfterError error: any Error, linkingItemAt srcURL: URL, to dstURL: URL
    ) -> Bool {
        proceed("link", srcURL.path)
    }
    func fileManager(_ fileManager: FileManager, shouldRemoveItemAt URL: URL) -> Bool {
        should("remove", URL.path)
    }
    func fileManager(
        _ fileManager: FileManager, shouldProceedAfterError error: any Error, removingItemAt URL: URL
    ) -> Bool {
        proceed("remove", URL.path)
    }
}
