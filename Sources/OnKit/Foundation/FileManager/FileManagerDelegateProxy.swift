import Foundation

/// The `FileManagerDelegate` OnKit installs on a file manager (see `DelegateProxy`); it holds
/// the delegate weakly, as `FileManager` does.
///
/// Every question is answered by the file manager's own delegate first, then by the handlers of
/// **both** variants (`FileManagerQuestion`). Foundation on Linux calls only the URL methods, and
/// Apple's calls the URL method of a delegate that has both, as this proxy does; a path method,
/// if called, is asked as its URL method.
final class FileManagerDelegateProxy: NSObject, FileManagerDelegate, DelegateProxy {
    typealias Items = (source: URL, destination: URL)
    typealias Paths = (source: String, destination: String)
    typealias ItemsError = (error: any Error, source: URL, destination: URL)
    typealias PathsError = (error: any Error, source: String, destination: String)
    typealias ItemError = (error: any Error, item: URL)

    static let key = AssociationKey<FileManagerDelegateProxy>("FileManager.delegateProxy", default: FileManagerDelegateProxy())
    let forwarding = DelegateForwarding<any FileManagerDelegate>(ownership: .weak)

    var asDelegate: any FileManagerDelegate { self }

    /// The delegate to ask first, with the protocol's own spellings on every platform.
    #if canImport(ObjectiveC)
    private var target: FileManagerOptionalMethods? { forwarding.target.map(FileManagerOptionalMethods.init) }
    #else
    private var target: (any FileManagerDelegate)? { forwarding.target }
    #endif

    // `true` (go on) is Foundation's answer without a delegate for a `should…`, `false` (throw)
    // for a `shouldProceedAfterError…`.
    let copy = FileManagerQuestion<Items, Paths>(otherwise: true) { ($0.source.path, $0.destination.path) }
    let move = FileManagerQuestion<Items, Paths>(otherwise: true) { ($0.source.path, $0.destination.path) }
    let link = FileManagerQuestion<Items, Paths>(otherwise: true) { ($0.source.path, $0.destination.path) }
    let remove = FileManagerQuestion<URL, String>(otherwise: true) { $0.path }
    let copyError = FileManagerQuestion<ItemsError, PathsError>(otherwise: false) { ($0.error, $0.source.path, $0.destination.path) }
    let moveError = FileManagerQuestion<ItemsError, PathsError>(otherwise: false) { ($0.error, $0.source.path, $0.destination.path) }
    let linkError = FileManagerQuestion<ItemsError, PathsError>(otherwise: false) { ($0.error, $0.source.path, $0.destination.path) }
    let removeError = FileManagerQuestion<ItemError, (error: any Error, path: String)>(otherwise: false) { ($0.error, $0.item.path) }

    override init() {}

    // One line per protocol method: the delegate's answer, then the question's handlers; the
    // path methods are asked as their URL methods.
    func fileManager(_ fm: FileManager, shouldCopyItemAt src: URL, to dst: URL) -> Bool {
        copy.ask(fm, (src, dst), after: target?.fileManager(fm, shouldCopyItemAt: src, to: dst))
    }
    func fileManager(_ fm: FileManager, shouldMoveItemAt src: URL, to dst: URL) -> Bool {
        move.ask(fm, (src, dst), after: target?.fileManager(fm, shouldMoveItemAt: src, to: dst))
    }
    func fileManager(_ fm: FileManager, shouldLinkItemAt src: URL, to dst: URL) -> Bool {
        link.ask(fm, (src, dst), after: target?.fileManager(fm, shouldLinkItemAt: src, to: dst))
    }
    func fileManager(_ fm: FileManager, shouldRemoveItemAt url: URL) -> Bool {
        remove.ask(fm, url, after: target?.fileManager(fm, shouldRemoveItemAt: url))
    }
    func fileManager(_ fm: FileManager, shouldProceedAfterError e: any Error, copyingItemAt src: URL, to dst: URL) -> Bool {
        copyError.ask(fm, (e, src, dst), after: target?.fileManager(fm, shouldProceedAfterError: e, copyingItemAt: src, to: dst))
    }
    func fileManager(_ fm: FileManager, shouldProceedAfterError e: any Error, movingItemAt src: URL, to dst: URL) -> Bool {
        moveError.ask(fm, (e, src, dst), after: target?.fileManager(fm, shouldProceedAfterError: e, movingItemAt: src, to: dst))
    }
    func fileManager(_ fm: FileManager, shouldProceedAfterError e: any Error, linkingItemAt src: URL, to dst: URL) -> Bool {
        linkError.ask(fm, (e, src, dst), after: target?.fileManager(fm, shouldProceedAfterError: e, linkingItemAt: src, to: dst))
    }
    func fileManager(_ fm: FileManager, shouldProceedAfterError e: any Error, removingItemAt url: URL) -> Bool {
        removeError.ask(fm, (e, url), after: target?.fileManager(fm, shouldProceedAfterError: e, removingItemAt: url))
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
