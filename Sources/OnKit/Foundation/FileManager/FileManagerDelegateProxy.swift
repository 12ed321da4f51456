import Foundation

/// The `FileManagerDelegate` OnKit installs on a file manager (see `DelegateProxy`).
///
/// Every `should…` method is answered by the file manager's own delegate first, then by the
/// handlers of **both** variants of the method — URL handlers, then path handlers — whichever
/// variant Foundation called: Foundation on Linux calls only the URL variants, and Apple's calls
/// the URL variant of a delegate that has both, as this proxy does. All must agree
/// (`Decision.all()`); asking stops at the first `false`. When nobody answers, the
/// answer is Foundation's for a file manager without a delegate: `true` for `should…`, `false`
/// for `shouldProceedAfterError…`.
final class FileManagerDelegateProxy: NSObject, FileManagerDelegate, DelegateProxy {
    typealias Items = (source: URL, destination: URL)
    typealias Paths = (source: String, destination: String)
    typealias ItemsError = (error: any Error, source: URL, destination: URL)
    typealias PathsError = (error: any Error, source: String, destination: String)
    typealias ItemError = (error: any Error, item: URL)
    typealias PathError = (error: any Error, path: String)

    static let key = AssociationKey<FileManagerDelegateProxy>(
        "FileManager.delegateProxy", default: FileManagerDelegateProxy()
    )

    /// `FileManager` holds its delegate weakly, on Linux and on Apple platforms.
    let forwarding = DelegateForwarding<any FileManagerDelegate>(ownership: .weak)

    var asDelegate: any FileManagerDelegate { self }

    let copy = FileManagerQuestion<Items, Paths>(otherwise: true)
    let move = FileManagerQuestion<Items, Paths>(otherwise: true)
    let link = FileManagerQuestion<Items, Paths>(otherwise: true)
    let remove = FileManagerQuestion<URL, String>(otherwise: true)
    let copyError = FileManagerQuestion<ItemsError, PathsError>(otherwise: false)
    let moveError = FileManagerQuestion<ItemsError, PathsError>(otherwise: false)
    let linkError = FileManagerQuestion<ItemsError, PathsError>(otherwise: false)
    let removeError = FileManagerQuestion<ItemError, PathError>(otherwise: false)

    override init() {}

    // One line per protocol method: the delegate's answer, then the question's handlers.

    func fileManager(_ fm: FileManager, shouldCopyItemAt srcURL: URL, to dstURL: URL) -> Bool {
        copy.ask(fm, (srcURL, dstURL), after: forwarding.target?.forwardShouldCopyItem(fm, srcURL, dstURL))
    }

    func fileManager(_ fm: FileManager, shouldCopyItemAtPath srcPath: String, toPath dstPath: String) -> Bool {
        copy.ask(
            fm, path: (srcPath, dstPath),
            after: forwarding.target?.forwardShouldCopyItemAtPath(fm, srcPath, dstPath)
        )
    }

    func fileManager(
        _ fm: FileManager, shouldProceedAfterError error: any Error, copyingItemAt srcURL: URL, to dstURL: URL
    ) -> Bool {
        copyError.ask(
            fm, (error, srcURL, dstURL),
            after: forwarding.target?.forwardShouldProceedAfterErrorCopyingItem(fm, error, srcURL, dstURL)
        )
    }

    func fileManager(
        _ fm: FileManager, shouldProceedAfterError error: any Error,
        copyingItemAtPath srcPath: String, toPath dstPath: String
    ) -> Bool {
        copyError.ask(
            fm, path: (error, srcPath, dstPath),
            after: forwarding.target?.forwardShouldProceedAfterErrorCopyingItemAtPath(fm, error, srcPath, dstPath)
        )
    }

    func fileManager(_ fm: FileManager, shouldMoveItemAt srcURL: URL, to dstURL: URL) -> Bool {
        move.ask(fm, (srcURL, dstURL), after: forwarding.target?.forwardShouldMoveItem(fm, srcURL, dstURL))
    }

    func fileManager(_ fm: FileManager, shouldMoveItemAtPath srcPath: String, toPath dstPath: String) -> Bool {
        move.ask(
            fm, path: (srcPath, dstPath),
            after: forwarding.target?.forwardShouldMoveItemAtPath(fm, srcPath, dstPath)
        )
    }

    func fileManager(
        _ fm: FileManager, shouldProceedAfterError error: any Error, movingItemAt srcURL: URL, to dstURL: URL
    ) -> Bool {
        moveError.ask(
            fm, (error, srcURL, dstURL),
            after: forwarding.target?.forwardShouldProceedAfterErrorMovingItem(fm, error, srcURL, dstURL)
        )
    }

    func fileManager(
        _ fm: FileManager, shouldProceedAfterError error: any Error,
        movingItemAtPath srcPath: String, toPath dstPath: String
    ) -> Bool {
        moveError.ask(
            fm, path: (error, srcPath, dstPath),
            after: forwarding.target?.forwardShouldProceedAfterErrorMovingItemAtPath(fm, error, srcPath, dstPath)
        )
    }

    func fileManager(_ fm: FileManager, shouldLinkItemAt srcURL: URL, to dstURL: URL) -> Bool {
        link.ask(fm, (srcURL, dstURL), after: forwarding.target?.forwardShouldLinkItem(fm, srcURL, dstURL))
    }

    func fileManager(_ fm: FileManager, shouldLinkItemAtPath srcPath: String, toPath dstPath: String) -> Bool {
        link.ask(
            fm, path: (srcPath, dstPath),
            after: forwarding.target?.forwardShouldLinkItemAtPath(fm, srcPath, dstPath)
        )
    }

    func fileManager(
        _ fm: FileManager, shouldProceedAfterError error: any Error, linkingItemAt srcURL: URL, to dstURL: URL
    ) -> Bool {
        linkError.ask(
            fm, (error, srcURL, dstURL),
            after: forwarding.target?.forwardShouldProceedAfterErrorLinkingItem(fm, error, srcURL, dstURL)
        )
    }

    func fileManager(
        _ fm: FileManager, shouldProceedAfterError error: any Error,
        linkingItemAtPath srcPath: String, toPath dstPath: String
    ) -> Bool {
        linkError.ask(
            fm, path: (error, srcPath, dstPath),
            after: forwarding.target?.forwardShouldProceedAfterErrorLinkingItemAtPath(fm, error, srcPath, dstPath)
        )
    }

    func fileManager(_ fm: FileManager, shouldRemoveItemAt URL: URL) -> Bool {
        remove.ask(fm, URL, after: forwarding.target?.forwardShouldRemoveItem(fm, URL))
    }

    func fileManager(_ fm: FileManager, shouldRemoveItemAtPath path: String) -> Bool {
        remove.ask(fm, path: path, after: forwarding.target?.forwardShouldRemoveItemAtPath(fm, path))
    }

    func fileManager(
        _ fm: FileManager, shouldProceedAfterError error: any Error, removingItemAt URL: URL
    ) -> Bool {
        removeError.ask(
            fm, (error, URL),
            after: forwarding.target?.forwardShouldProceedAfterErrorRemovingItem(fm, error, URL)
        )
    }

    func fileManager(
        _ fm: FileManager, shouldProceedAfterError error: any Error, removingItemAtPath path: String
    ) -> Bool {
        removeError.ask(
            fm, path: (error, path),
            after: forwarding.target?.forwardShouldProceedAfterErrorRemovingItemAtPath(fm, error, path)
        )
    }
}
