import Foundation

/// The `FileManagerDelegate` OnKit installs on a file manager (see `DelegateProxy`); it holds
/// the delegate weakly, as `FileManager` does.
///
/// Every question is answered by the file manager's own delegate first, then by the handlers of
/// **both** variants (`FileManagerQuestion`). Foundation on Linux calls only the URL methods, and
/// Apple's calls the URL method of a delegate that has both, as this proxy does; a path method,
/// if called, is asked as its URL method.
final class FileManagerDelegateProxy: NSObject, FileManagerDelegate, DelegateProxy {
    typealias Items = FileTransfer<URL>
    typealias Paths = FileTransfer<String>
    typealias ItemsError = FileTransferError<URL>
    typealias PathsError = FileTransferError<String>

    static let key = AssociationKey<FileManagerDelegateProxy>("FileManager.delegateProxy", default: FileManagerDelegateProxy())
    let forwarding = DelegateForwarding<any FileManagerDelegate>(foundation: .weak)

    var asDelegate: any FileManagerDelegate { self }

    /// The answer of the delegate to ask first (`DelegateForwarding.answer`), with the
    /// protocol's own spellings on every platform.
    #if canImport(ObjectiveC)
    private func answer(_ site: StaticString = #function, _ body: (FileManagerOptionalMethods) -> Bool?) -> Bool? {
        forwarding.answer(site) { body(FileManagerOptionalMethods(delegate: $0)) }
    }
    #else
    private func answer(_ site: StaticString = #function, _ body: (any FileManagerDelegate) -> Bool?) -> Bool? {
        forwarding.answer(site, body)
    }
    #endif

    // `true` (go on) is Foundation's answer without a delegate for a `should…`, `false` (throw)
    // for a `shouldProceedAfterError…`.
    let copy = FileManagerQuestion<Items, Paths>(otherwise: true) { $0.atPath }
    let move = FileManagerQuestion<Items, Paths>(otherwise: true) { $0.atPath }
    let link = FileManagerQuestion<Items, Paths>(otherwise: true) { $0.atPath }
    let remove = FileManagerQuestion<URL, String>(otherwise: true) { $0.path }
    let copyError = FileManagerQuestion<ItemsError, PathsError>(otherwise: false) { $0.atPath }
    let moveError = FileManagerQuestion<ItemsError, PathsError>(otherwise: false) { $0.atPath }
    let linkError = FileManagerQuestion<ItemsError, PathsError>(otherwise: false) { $0.atPath }
    let removeError = FileManagerQuestion<FileRemovalError<URL>, FileRemovalError<String>>(otherwise: false) { $0.atPath }

    override init() {}

    // One line per protocol method: the delegate's answer, then the question's handlers; the
    // path methods are asked as their URL methods.
    func fileManager(_ fm: FileManager, shouldCopyItemAt src: URL, to dst: URL) -> Bool {
        copy.ask(fm, Items(source: src, destination: dst), after: answer { $0.fileManager(fm, shouldCopyItemAt: src, to: dst) })
    }
    func fileManager(_ fm: FileManager, shouldMoveItemAt src: URL, to dst: URL) -> Bool {
        move.ask(fm, Items(source: src, destination: dst), after: answer { $0.fileManager(fm, shouldMoveItemAt: src, to: dst) })
    }
    func fileManager(_ fm: FileManager, shouldLinkItemAt src: URL, to dst: URL) -> Bool {
        link.ask(fm, Items(source: src, destination: dst), after: answer { $0.fileManager(fm, shouldLinkItemAt: src, to: dst) })
    }
    func fileManager(_ fm: FileManager, shouldRemoveItemAt url: URL) -> Bool {
        remove.ask(fm, url, after: answer { $0.fileManager(fm, shouldRemoveItemAt: url) })
    }
    func fileManager(_ fm: FileManager, shouldProceedAfterError e: any Error, copyingItemAt src: URL, to dst: URL) -> Bool {
        copyError.ask(fm, ItemsError(error: e, source: src, destination: dst), after: answer { $0.fileManager(fm, shouldProceedAfterError: e, copyingItemAt: src, to: dst) })
    }
    func fileManager(_ fm: FileManager, shouldProceedAfterError e: any Error, movingItemAt src: URL, to dst: URL) -> Bool {
        moveError.ask(fm, ItemsError(error: e, source: src, destination: dst), after: answer { $0.fileManager(fm, shouldProceedAfterError: e, movingItemAt: src, to: dst) })
    }
    func fileManager(_ fm: FileManager, shouldProceedAfterError e: any Error, linkingItemAt src: URL, to dst: URL) -> Bool {
        linkError.ask(fm, ItemsError(error: e, source: src, destination: dst), after: answer { $0.fileManager(fm, shouldProceedAfterError: e, linkingItemAt: src, to: dst) })
    }
    func fileManager(_ fm: FileManager, shouldProceedAfterError e: any Error, removingItemAt url: URL) -> Bool {
        removeError.ask(fm, FileRemovalError(error: e, item: url), after: answer { $0.fileManager(fm, shouldProceedAfterError: e, removingItemAt: url) })
    }
    func fileManager(_ fm: FileManager, shouldCopyItemAtPath src: String, toPath dst: String) -> Bool {
        fileManager(fm, shouldCopyItemAt: URL(fileURLWithPath: src), to: URL(fileURLWithPath: dst))
    }
    func fileManager(_ fm: FileManager, shouldMoveItemAtPath src: String, toPath dst: String) -> Bool {
        fileManager(fm, shouldMoveItemAt: URL(fileURLWithPath: src), to: URL(fileURLWithPath: dst))
    }
    func fileManager(_ fm: FileManager, shouldLinkItemAtPath src: String, toPath dst: String) -> Bool {
        fileManager(fm, shouldLinkItemAt: URL(fileURLWithPath: src), to: URL(fileURLWithPath: dst))
    }
    func fileManager(_ fm: FileManager, shouldRemoveItemAtPath path: String) -> Bool {
        fileManager(fm, shouldRemoveItemAt: URL(fileURLWithPath: path))
    }
    func fileManager(_ fm: FileManager, shouldProceedAfterError e: any Error, copyingItemAtPath src: String, toPath dst: String) -> Bool {
        fileManager(fm, shouldProceedAfterError: e, copyingItemAt: URL(fileURLWithPath: src), to: URL(fileURLWithPath: dst))
    }
    func fileManager(_ fm: FileManager, shouldProceedAfterError e: any Error, movingItemAtPath src: String, toPath dst: String) -> Bool {
        fileManager(fm, shouldProceedAfterError: e, movingItemAt: URL(fileURLWithPath: src), to: URL(fileURLWithPath: dst))
    }
    func fileManager(_ fm: FileManager, shouldProceedAfterError e: any Error, linkingItemAtPath src: String, toPath dst: String) -> Bool {
        fileManager(fm, shouldProceedAfterError: e, linkingItemAt: URL(fileURLWithPath: src), to: URL(fileURLWithPath: dst))
    }
    func fileManager(_ fm: FileManager, shouldProceedAfterError e: any Error, removingItemAtPath path: String) -> Bool {
        fileManager(fm, shouldProceedAfterError: e, removingItemAt: URL(fileURLWithPath: path))
    }
}
