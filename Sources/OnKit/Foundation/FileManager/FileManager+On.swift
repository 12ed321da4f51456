import Foundation

#if !canImport(ObjectiveC)
/// On Apple platforms `FileManager` is an `NSObject` and has `on`; on Linux it is a plain class,
/// and OnKit gives it `on` here.
extension FileManager: OnCompatible {}
#endif

/// Every `FileManagerDelegate` method as a read-only OnKit decision, with the file manager typed
/// `Base` and the method's values as one named tuple; each has a URL and a path variant (`…AtPath`).
///
/// ```swift
/// let fileManager = FileManager()
/// fileManager.on.shouldCopyItem { fileManager, items in
///     items.source.lastPathComponent != ".DS_Store"
/// }
/// try fileManager.copyItem(at: project, to: backup)   // skips every .DS_Store
/// ```
///
/// Use a `FileManager()` of your own: the first `on.` call installs OnKit's delegate proxy (with
/// every adapter's rules, <doc:Semantics>), and `FileManager.default` is shared by the whole process.
///
/// **Answers:** the file manager's own delegate is asked first, then the URL handlers, then the
/// path handlers. The answer is `true` only if all say `true`; asking stops at the first `false`.
/// With nobody to ask, it is Foundation's: `true` for `should…`, `false` for
/// `shouldProceedAfter…Error`. Handlers run on the thread that called the `FileManager` method.
///
/// **Linux** (swift-foundation, Swift 6.3) calls only the URL methods of the protocol, for path
/// and URL operations alike; OnKit asks the path handlers (`…AtPath`) from them, so they work
/// there too.
extension On where Base: FileManager {
    /// The proxy's `decision`, with the sender typed `Base`; installs the proxy.
    private func face<Args>(
        _ decision: KeyPath<FileManagerDelegateProxy, Decision<FileManager, Args, Bool>>
    ) -> ReadOnlyDecision<Base, Args, Bool> {
        FileManagerDelegateProxy.installed(on: base, slot: \.delegate)[keyPath: decision].serving(base, as: Base.self)
    }

    /// Asked before the file manager copies an item; `false` skips it (no error is thrown):
    /// `fileManager.on.shouldCopyItem { copy in copy.source.pathExtension != "tmp" }`.
    public var shouldCopyItem: ReadOnlyDecision<Base, FileTransfer<URL>, Bool> { face(\.copy.atURL) }

    /// `shouldCopyItem` by path: `fileManager.on.shouldCopyItemAtPath { copy in !copy.source.hasSuffix(".tmp") }`.
    public var shouldCopyItemAtPath: ReadOnlyDecision<Base, FileTransfer<String>, Bool> {
        face(\.copy.atPath)
    }

    /// Asked before the file manager moves an item; `false` skips it (no error is thrown):
    /// `fileManager.on.shouldMoveItem { move in move.source.pathExtension != "tmp" }`.
    public var shouldMoveItem: ReadOnlyDecision<Base, FileTransfer<URL>, Bool> { face(\.move.atURL) }

    /// `shouldMoveItem` by path: `fileManager.on.shouldMoveItemAtPath { move in !move.source.hasSuffix(".tmp") }`.
    public var shouldMoveItemAtPath: ReadOnlyDecision<Base, FileTransfer<String>, Bool> {
        face(\.move.atPath)
    }

    /// Asked before the file manager links an item; `false` skips it (no error is thrown):
    /// `fileManager.on.shouldLinkItem { link in link.source.pathExtension != "tmp" }`.
    public var shouldLinkItem: ReadOnlyDecision<Base, FileTransfer<URL>, Bool> { face(\.link.atURL) }

    /// `shouldLinkItem` by path: `fileManager.on.shouldLinkItemAtPath { link in !link.source.hasSuffix(".tmp") }`.
    public var shouldLinkItemAtPath: ReadOnlyDecision<Base, FileTransfer<String>, Bool> {
        face(\.link.atPath)
    }

    /// Asked before the file manager removes an item (each item of a directory too); `false`
    /// keeps it: `fileManager.on.shouldRemoveItem { item in item.lastPathComponent != "keep" }`.
    public var shouldRemoveItem: ReadOnlyDecision<Base, URL, Bool> { face(\.remove.atURL) }

    /// `shouldRemoveItem` by path: `fileManager.on.shouldRemoveItemAtPath { path in !path.hasSuffix("/keep") }`.
    public var shouldRemoveItemAtPath: ReadOnlyDecision<Base, String, Bool> { face(\.remove.atPath) }

    /// Asked when copying an item failed; `true` goes on as if it were done, `false` (and the
    /// default) throws the error: `fileManager.on.shouldProceedAfterCopyError { failure in
    /// (failure.error as NSError).code == CocoaError.fileWriteFileExists.rawValue }`.
    public var shouldProceedAfterCopyError: ReadOnlyDecision<
        Base, FileTransferError<URL>, Bool
    > { face(\.copyError.atURL) }

    /// `shouldProceedAfterCopyError` by path: `fileManager.on.shouldProceedAfterCopyErrorAtPath { false }`.
    public var shouldProceedAfterCopyErrorAtPath: ReadOnlyDecision<
        Base, FileTransferError<String>, Bool
    > { face(\.copyError.atPath) }

    /// Asked when moving an item failed; `true` goes on, `false` (and the default) throws the
    /// error (when the destination exists, Foundation on Linux goes on by moving over it):
    /// `fileManager.on.shouldProceedAfterMoveError { false }`.
    public var shouldProceedAfterMoveError: ReadOnlyDecision<
        Base, FileTransferError<URL>, Bool
    > { face(\.moveError.atURL) }

    /// `shouldProceedAfterMoveError` by path: `fileManager.on.shouldProceedAfterMoveErrorAtPath { false }`.
    public var shouldProceedAfterMoveErrorAtPath: ReadOnlyDecision<
        Base, FileTransferError<String>, Bool
    > { face(\.moveError.atPath) }

    /// Asked when linking an item failed; `true` goes on as if it were done, `false` (and the
    /// default) throws the error: `fileManager.on.shouldProceedAfterLinkError { false }`.
    public var shouldProceedAfterLinkError: ReadOnlyDecision<
        Base, FileTransferError<URL>, Bool
    > { face(\.linkError.atURL) }

    /// `shouldProceedAfterLinkError` by path: `fileManager.on.shouldProceedAfterLinkErrorAtPath { false }`.
    public var shouldProceedAfterLinkErrorAtPath: ReadOnlyDecision<
        Base, FileTransferError<String>, Bool
    > { face(\.linkError.atPath) }

    /// Asked when removing an item failed; `true` goes on, `false` (and the default) throws the
    /// error: `fileManager.on.shouldProceedAfterRemoveError { true }`.
    public var shouldProceedAfterRemoveError: ReadOnlyDecision<Base, FileRemovalError<URL>, Bool> {
        face(\.removeError.atURL)
    }

    /// `shouldProceedAfterRemoveError` by path: `fileManager.on.shouldProceedAfterRemoveErrorAtPath { true }`.
    public var shouldProceedAfterRemoveErrorAtPath: ReadOnlyDecision<Base, FileRemovalError<String>, Bool> {
        face(\.removeError.atPath)
    }
}
