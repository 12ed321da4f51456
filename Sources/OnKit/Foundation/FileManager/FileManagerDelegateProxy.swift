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

    let shouldCopyItem = Decision<FileManager, Items, Bool>.all()
    let shouldCopyItemAtPath = Decision<FileManager, Paths, Bool>.all()
    let shouldMoveItem = Decision<FileManager, Items, Bool>.all()
    let shouldMoveItemAtPath = Decision<FileManager, Paths, Bool>.all()
    let shouldLinkItem = Decision<FileManager, Items, Bool>.all()
    let shouldLinkItemAtPath = Decision<FileManager, Paths, Bool>.all()
    let shouldRemoveItem = Decision<FileManager, URL, Bool>.all()
    let shouldRemoveItemAtPath = Decision<FileManager, String, Bool>.all()
    let shouldProceedAfterCopyError = Decision<FileManager, ItemsError, Bool>.all()
    let shouldProceedAfterCopyErrorAtPath = Decision<FileManager, PathsError, Bool>.all()
    let shouldProceedAfterMoveError = Decision<FileManager, ItemsError, Bool>.all()
    let shouldProceedAfterMoveErrorAtPath = Decision<FileManager, PathsError, Bool>.all()
    let shouldProceedAfterLinkError = Decision<FileManager, ItemsError, Bool>.all()
    let shouldProceedAfterLinkErrorAtPath = Decision<FileManager, PathsError, Bool>.all()
    let shouldProceedAfterRemoveError = Decision<FileManager, ItemError, Bool>.all()
    let shouldProceedAfterRemoveErrorAtPath = Decision<FileManager, PathError, Bool>.all()

    override init() {}

    /// The delegate's answer, then the URL handlers', then the path handlers'; `otherwise` when
    /// nobody answered.
    private func decide<URLArgs, PathArgs>(
        _ fileManager: FileManager,
        after fromDelegate: Bool?,
        _ atURL: Decision<FileManager, URLArgs, Bool>, _ urlArgs: URLArgs,
        _ atPath: Decision<FileManager, PathArgs, Bool>, _ pathArgs: PathArgs,
        otherwise: Bool
    ) -> Bool {
        let answer = atURL.answer(fileManager, urlArgs, after: fromDelegate)
        return atPath.answer(fileManager, pathArgs, after: answer) ?? otherwise
    }

    // MARK: Copy

    func fileManager(_ fileManager: FileManager, shouldCopyItemAt srcURL: URL, to dstURL: URL) -> Bool {
        decide(
            fileManager, after: forwarding.target?.forwardShouldCopyItem(fileManager, srcURL, dstURL),
            shouldCopyItem, (srcURL, dstURL), shouldCopyItemAtPath, (srcURL.path, dstURL.path), otherwise: true
        )
    }

    func fileManager(_ fileManager: FileManager, shouldCopyItemAtPath srcPath: String, toPath dstPath: String) -> Bool {
        decide(
            fileManager, after: forwarding.target?.forwardShouldCopyItemAtPath(fileManager, srcPath, dstPath),
            shouldCopyItem, (URL(fileURLWithPath: srcPath), URL(fileURLWithPath: dstPath)),
            shouldCopyItemAtPath, (srcPath, dstPath), otherwise: true
        )
    }

    func fileManager(
        _ fileManager: FileManager, shouldProceedAfterError error: any Error, copyingItemAt srcURL: URL, to dstURL: URL
    ) -> Bool {
        decide(
            fileManager,
            after: forwarding.target?.forwardShouldProceedAfterErrorCopyingItem(fileManager, error, srcURL, dstURL),
            shouldProceedAfterCopyError, (error, srcURL, dstURL),
            shouldProceedAfterCopyErrorAtPath, (error, srcURL.path, dstURL.path), otherwise: false
        )
    }

    func fileManager(
        _ fileManager: FileManager, shouldProceedAfterError error: any Error,
        copyingItemAtPath srcPath: String, toPath dstPath: String
    ) -> Bool {
        decide(
            fileManager,
            after: forwarding.target?.forwardShouldProceedAfterErrorCopyingItemAtPath(
                fileManager, error, srcPath, dstPath
            ),
            shouldProceedAfterCopyError, (error, URL(fileURLWithPath: srcPath), URL(fileURLWithPath: dstPath)),
            shouldProceedAfterCopyErrorAtPath, (error, srcPath, dstPath), otherwise: false
        )
    }

    // MARK: Move

    func fileManager(_ fileManager: FileManager, shouldMoveItemAt srcURL: URL, to dstURL: URL) -> Bool {
        decide(
            fileManager, after: forwarding.target?.forwardShouldMoveItem(fileManager, srcURL, dstURL),
            shouldMoveItem, (srcURL, dstURL), shouldMoveItemAtPath, (srcURL.path, dstURL.path), otherwise: true
        )
    }

    func fileManager(_ fileManager: FileManager, shouldMoveItemAtPath srcPath: String, toPath dstPath: String) -> Bool {
        decide(
            fileManager, after: forwarding.target?.forwardShouldMoveItemAtPath(fileManager, srcPath, dstPath),
            shouldMoveItem, (URL(fileURLWithPath: srcPath), URL(fileURLWithPath: dstPath)),
            shouldMoveItemAtPath, (srcPath, dstPath), otherwise: true
        )
    }

    func fileManager(
        _ fileManager: FileManager, shouldProceedAfterError error: any Error, movingItemAt srcURL: URL, to dstURL: URL
    ) -> Bool {
        decide(
            fileManager,
            after: forwarding.target?.forwardShouldProceedAfterErrorMovingItem(fileManager, error, srcURL, dstURL),
            shouldProceedAfterMoveError, (error, srcURL, dstURL),
            shouldProceedAfterMoveErrorAtPath, (error, srcURL.path, dstURL.path), otherwise: false
        )
    }

    func fileManager(
        _ fileManager: FileManager, shouldProceedAfterError error: any Error,
        movingItemAtPath srcPath: String, toPath dstPath: String
    ) -> Bool {
        decide(
            fileManager,
            after: forwarding.target?.forwardShouldProceedAfterErrorMovingItemAtPath(
                fileManager, error, srcPath, dstPath
            ),
            shouldProceedAfterMoveError, (error, URL(fileURLWithPath: srcPath), URL(fileURLWithPath: dstPath)),
            shouldProceedAfterMoveErrorAtPath, (error, srcPath, dstPath), otherwise: false
        )
    }

    // MARK: Link

    func fileManager(_ fileManager: FileManager, shouldLinkItemAt srcURL: URL, to dstURL: URL) -> Bool {
        decide(
            fileManager, after: forwarding.target?.forwardShouldLinkItem(fileManager, srcURL, dstURL),
            shouldLinkItem, (srcURL, dstURL), shouldLinkItemAtPath, (srcURL.path, dstURL.path), otherwise: true
        )
    }

    func fileManager(_ fileManager: FileManager, shouldLinkItemAtPath srcPath: String, toPath dstPath: String) -> Bool {
        decide(
            fileManager, after: forwarding.target?.forwardShouldLinkItemAtPath(fileManager, srcPath, dstPath),
            shouldLinkItem, (URL(fileURLWithPath: srcPath), URL(fileURLWithPath: dstPath)),
            shouldLinkItemAtPath, (srcPath, dstPath), otherwise: true
        )
    }

    func fileManager(
        _ fileManager: FileManager, shouldProceedAfterError error: any Error, linkingItemAt srcURL: URL, to dstURL: URL
    ) -> Bool {
        decide(
            fileManager,
            after: forwarding.target?.forwardShouldProceedAfterErrorLinkingItem(fileManager, error, srcURL, dstURL),
            shouldProceedAfterLinkError, (error, srcURL, dstURL),
            shouldProceedAfterLinkErrorAtPath, (error, srcURL.path, dstURL.path), otherwise: false
        )
    }

    func fileManager(
        _ fileManager: FileManager, shouldProceedAfterError error: any Error,
        linkingItemAtPath srcPath: String, toPath dstPath: String
    ) -> Bool {
        decide(
            fileManager,
            after: forwarding.target?.forwardShouldProceedAfterErrorLinkingItemAtPath(
                fileManager, error, srcPath, dstPath
            ),
            shouldProceedAfterLinkError, (error, URL(fileURLWithPath: srcPath), URL(fileURLWithPath: dstPath)),
            shouldProceedAfterLinkErrorAtPath, (error, srcPath, dstPath), otherwise: false
        )
    }

    // MARK: Remove

    func fileManager(_ fileManager: FileManager, shouldRemoveItemAt URL: URL) -> Bool {
        decide(
            fileManager, after: forwarding.target?.forwardShouldRemoveItem(fileManager, URL),
            shouldRemoveItem, URL, shouldRemoveItemAtPath, URL.path, otherwise: true
        )
    }

    func fileManager(_ fileManager: FileManager, shouldRemoveItemAtPath path: String) -> Bool {
        decide(
            fileManager, after: forwarding.target?.forwardShouldRemoveItemAtPath(fileManager, path),
            shouldRemoveItem, Foundation.URL(fileURLWithPath: path), shouldRemoveItemAtPath, path, otherwise: true
        )
    }

    func fileManager(
        _ fileManager: FileManager, shouldProceedAfterError error: any Error, removingItemAt URL: URL
    ) -> Bool {
        decide(
            fileManager, after: forwarding.target?.forwardShouldProceedAfterErrorRemovingItem(fileManager, error, URL),
            shouldProceedAfterRemoveError, (error, URL),
            shouldProceedAfterRemoveErrorAtPath, (error, URL.path), otherwise: false
        )
    }

    func fileManager(
        _ fileManager: FileManager, shouldProceedAfterError error: any Error, removingItemAtPath path: String
    ) -> Bool {
        decide(
            fileManager,
            after: forwarding.target?.forwardShouldProceedAfterErrorRemovingItemAtPath(fileManager, error, path),
            shouldProceedAfterRemoveError, (error, Foundation.URL(fileURLWithPath: path)),
            shouldProceedAfterRemoveErrorAtPath, (error, path), otherwise: false
        )
    }
}
