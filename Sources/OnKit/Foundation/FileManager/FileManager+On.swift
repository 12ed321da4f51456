import Foundation

#if !canImport(ObjectiveC)
/// On Apple platforms `FileManager` is an `NSObject` and has `on`; on Linux it is a plain class,
/// and OnKit gives it `on` here.
extension FileManager: OnCompatible {}
#endif

/// Every `FileManagerDelegate` method as an OnKit decision: `fileManager.on.shouldCopyItem { … }`.
///
/// ```swift
/// let fileManager = FileManager()
/// fileManager.on.shouldCopyItem { fileManager, source, destination in
///     source.lastPathComponent != ".DS_Store"
/// }
/// try fileManager.copyItem(at: project, to: backup)   // skips every .DS_Store
/// ```
///
/// Use a `FileManager()` of your own: the first `on.` call installs OnKit's delegate proxy as
/// the file manager's delegate, and `FileManager.default` is shared by the whole process.
///
/// ## How answers combine
/// The file manager's own delegate is asked first, then the URL handlers, then the path
/// handlers, in the order they were added — whichever variant (URL or path) Foundation called.
/// The answer is `true` only if all of them say `true`; asking stops at the first `false`.
/// With nobody to ask, the answer is Foundation's default without a delegate: `true` for
/// `should…` (do it), `false` for `shouldProceedAfter…Error` (throw).
///
/// ## Lifetime and an existing delegate
/// The proxy is stored on the file manager and lives as long as it; each method returns a
/// `Subscription`. A delegate the file manager had before is held weakly, as the file manager
/// held it, and is asked every question first. Setting `delegate` after an `on.` call replaces
/// the proxy until the next `on.` call, which puts it back and forwards to the delegate you set.
///
/// ## Linux (swift-foundation, checked on Swift 6.3)
/// Foundation on Linux calls only the URL variants of the protocol (`shouldCopyItemAt:to:`…),
/// for path-based and URL-based operations alike; it never calls the eight `…AtPath` methods.
/// OnKit asks the path handlers (`shouldCopyItemAtPath`…) from the URL callbacks, so they work
/// on Linux too. Handlers run on the thread that called the `FileManager` method.
extension On where Base: FileManager {
    private var proxy: FileManagerDelegateProxy { FileManagerDelegateProxy.installed(on: base, slot: \.delegate) }

    /// Adds a handler asked before the file manager copies an item: source, destination (URLs).
    /// Answer `false` to skip the item (the operation then does nothing for it and does not throw).
    ///
    /// ```swift
    /// fileManager.on.shouldCopyItem { fileManager, source, destination in
    ///     source.pathExtension != "tmp"
    /// }
    /// ```
    @discardableResult
    public func shouldCopyItem(_ handler: @escaping @Sendable (FileManager, URL, URL) -> Bool) -> Subscription {
        proxy.shouldCopyItem.subscribe { fileManager, items in handler(fileManager, items.source, items.destination) }
    }

    /// Adds a handler asked before the file manager copies an item: source, destination (paths).
    /// Foundation on Linux never calls the path variant itself; OnKit asks these handlers from
    /// the URL callback, so they work everywhere.
    ///
    /// ```swift
    /// fileManager.on.shouldCopyItemAtPath { fileManager, source, destination in
    ///     !source.hasSuffix(".tmp")
    /// }
    /// ```
    @discardableResult
    public func shouldCopyItemAtPath(
        _ handler: @escaping @Sendable (FileManager, String, String) -> Bool
    ) -> Subscription {
        proxy.shouldCopyItemAtPath.subscribe { fileManager, paths in
            handler(fileManager, paths.source, paths.destination)
        }
    }

    /// Adds a handler asked before the file manager moves an item: source, destination (URLs).
    /// Answer `false` to skip the item (the operation then does nothing for it and does not throw).
    ///
    /// ```swift
    /// fileManager.on.shouldMoveItem { fileManager, source, destination in
    ///     source.pathExtension != "tmp"
    /// }
    /// ```
    @discardableResult
    public func shouldMoveItem(_ handler: @escaping @Sendable (FileManager, URL, URL) -> Bool) -> Subscription {
        proxy.shouldMoveItem.subscribe { fileManager, items in handler(fileManager, items.source, items.destination) }
    }

    /// Adds a handler asked before the file manager moves an item: source, destination (paths).
    /// Foundation on Linux never calls the path variant itself; OnKit asks these handlers from
    /// the URL callback, so they work everywhere.
    ///
    /// ```swift
    /// fileManager.on.shouldMoveItemAtPath { fileManager, source, destination in
    ///     !source.hasSuffix(".tmp")
    /// }
    /// ```
    @discardableResult
    public func shouldMoveItemAtPath(
        _ handler: @escaping @Sendable (FileManager, String, String) -> Bool
    ) -> Subscription {
        proxy.shouldMoveItemAtPath.subscribe { fileManager, paths in
            handler(fileManager, paths.source, paths.destination)
        }
    }

    /// Adds a handler asked before the file manager links an item: source, destination (URLs).
    /// Answer `false` to skip the item (the operation then does nothing for it and does not throw).
    ///
    /// ```swift
    /// fileManager.on.shouldLinkItem { fileManager, source, destination in
    ///     source.pathExtension != "tmp"
    /// }
    /// ```
    @discardableResult
    public func shouldLinkItem(_ handler: @escaping @Sendable (FileManager, URL, URL) -> Bool) -> Subscription {
        proxy.shouldLinkItem.subscribe { fileManager, items in handler(fileManager, items.source, items.destination) }
    }

    /// Adds a handler asked before the file manager links an item: source, destination (paths).
    /// Foundation on Linux never calls the path variant itself; OnKit asks these handlers from
    /// the URL callback, so they work everywhere.
    ///
    /// ```swift
    /// fileManager.on.shouldLinkItemAtPath { fileManager, source, destination in
    ///     !source.hasSuffix(".tmp")
    /// }
    /// ```
    @discardableResult
    public func shouldLinkItemAtPath(
        _ handler: @escaping @Sendable (FileManager, String, String) -> Bool
    ) -> Subscription {
        proxy.shouldLinkItemAtPath.subscribe { fileManager, paths in
            handler(fileManager, paths.source, paths.destination)
        }
    }

    /// Adds a handler asked when copying an item failed: error, source, destination (URLs).
    /// Answer `true` to go on as if the item were done; `false` (and the default) makes the
    /// operation throw the error.
    ///
    /// ```swift
    /// fileManager.on.shouldProceedAfterCopyError { fileManager, error, source, destination in
    ///     (error as NSError).code == CocoaError.fileWriteFileExists.rawValue
    /// }
    /// ```
    @discardableResult
    public func shouldProceedAfterCopyError(
        _ handler: @escaping @Sendable (FileManager, any Error, URL, URL) -> Bool
    ) -> Subscription {
        proxy.shouldProceedAfterCopyError.subscribe { fileManager, failure in
            handler(fileManager, failure.error, failure.source, failure.destination)
        }
    }

    /// Adds a handler asked when copying an item failed: error, source, destination (paths).
    /// Foundation on Linux never calls the path variant itself; OnKit asks these handlers from
    /// the URL callback, so they work everywhere.
    ///
    /// ```swift
    /// fileManager.on.shouldProceedAfterCopyErrorAtPath { fileManager, error, source, destination in false }
    /// ```
    @discardableResult
    public func shouldProceedAfterCopyErrorAtPath(
        _ handler: @escaping @Sendable (FileManager, any Error, String, String) -> Bool
    ) -> Subscription {
        proxy.shouldProceedAfterCopyErrorAtPath.subscribe { fileManager, failure in
            handler(fileManager, failure.error, failure.source, failure.destination)
        }
    }

    /// Adds a handler asked when moving an item failed: error, source, destination (URLs).
    /// Answer `true` to go on; `false` (and the default) makes the operation throw the error.
    /// (When the destination exists, Foundation on Linux goes on by moving the item over it.)
    ///
    /// ```swift
    /// fileManager.on.shouldProceedAfterMoveError { fileManager, error, source, destination in
    ///     (error as NSError).code == CocoaError.fileWriteFileExists.rawValue
    /// }
    /// ```
    @discardableResult
    public func shouldProceedAfterMoveError(
        _ handler: @escaping @Sendable (FileManager, any Error, URL, URL) -> Bool
    ) -> Subscription {
        proxy.shouldProceedAfterMoveError.subscribe { fileManager, failure in
            handler(fileManager, failure.error, failure.source, failure.destination)
        }
    }

    /// Adds a handler asked when moving an item failed: error, source, destination (paths).
    /// Foundation on Linux never calls the path variant itself; OnKit asks these handlers from
    /// the URL callback, so they work everywhere.
    ///
    /// ```swift
    /// fileManager.on.shouldProceedAfterMoveErrorAtPath { fileManager, error, source, destination in false }
    /// ```
    @discardableResult
    public func shouldProceedAfterMoveErrorAtPath(
        _ handler: @escaping @Sendable (FileManager, any Error, String, String) -> Bool
    ) -> Subscription {
        proxy.shouldProceedAfterMoveErrorAtPath.subscribe { fileManager, failure in
            handler(fileManager, failure.error, failure.source, failure.destination)
        }
    }

    /// Adds a handler asked when linking an item failed: error, source, destination (URLs).
    /// Answer `true` to go on as if the item were done; `false` (and the default) makes the
    /// operation throw the error.
    ///
    /// ```swift
    /// fileManager.on.shouldProceedAfterLinkError { fileManager, error, source, destination in
    ///     (error as NSError).code == CocoaError.fileWriteFileExists.rawValue
    /// }
    /// ```
    @discardableResult
    public func shouldProceedAfterLinkError(
        _ handler: @escaping @Sendable (FileManager, any Error, URL, URL) -> Bool
    ) -> Subscription {
        proxy.shouldProceedAfterLinkError.subscribe { fileManager, failure in
            handler(fileManager, failure.error, failure.source, failure.destination)
        }
    }

    /// Adds a handler asked when linking an item failed: error, source, destination (paths).
    /// Foundation on Linux never calls the path variant itself; OnKit asks these handlers from
    /// the URL callback, so they work everywhere.
    ///
    /// ```swift
    /// fileManager.on.shouldProceedAfterLinkErrorAtPath { fileManager, error, source, destination in false }
    /// ```
    @discardableResult
    public func shouldProceedAfterLinkErrorAtPath(
        _ handler: @escaping @Sendable (FileManager, any Error, String, String) -> Bool
    ) -> Subscription {
        proxy.shouldProceedAfterLinkErrorAtPath.subscribe { fileManager, failure in
            handler(fileManager, failure.error, failure.source, failure.destination)
        }
    }

    /// Adds a handler asked before the file manager removes an item (each item of a directory
    /// too). Answer `false` to keep it.
    ///
    /// ```swift
    /// fileManager.on.shouldRemoveItem { fileManager, item in item.lastPathComponent != "keep" }
    /// ```
    @discardableResult
    public func shouldRemoveItem(_ handler: @escaping @Sendable (FileManager, URL) -> Bool) -> Subscription {
        proxy.shouldRemoveItem.subscribe(handler)
    }

    /// Adds a handler asked before the file manager removes an item, by path. Foundation on
    /// Linux never calls the path variant itself; OnKit asks these handlers from the URL
    /// callback, so they work everywhere.
    ///
    /// ```swift
    /// fileManager.on.shouldRemoveItemAtPath { fileManager, path in !path.hasSuffix("/keep") }
    /// ```
    @discardableResult
    public func shouldRemoveItemAtPath(_ handler: @escaping @Sendable (FileManager, String) -> Bool) -> Subscription {
        proxy.shouldRemoveItemAtPath.subscribe(handler)
    }

    /// Adds a handler asked when removing an item failed: error, item. Answer `true` to go on;
    /// `false` (and the default) makes the removal throw the error.
    ///
    /// ```swift
    /// fileManager.on.shouldProceedAfterRemoveError { fileManager, error, item in true }
    /// ```
    @discardableResult
    public func shouldProceedAfterRemoveError(
        _ handler: @escaping @Sendable (FileManager, any Error, URL) -> Bool
    ) -> Subscription {
        proxy.shouldProceedAfterRemoveError.subscribe { fileManager, failure in
            handler(fileManager, failure.error, failure.item)
        }
    }

    /// Adds a handler asked when removing an item failed: error, path. Foundation on Linux
    /// never calls the path variant itself; OnKit asks these handlers from the URL callback.
    ///
    /// ```swift
    /// fileManager.on.shouldProceedAfterRemoveErrorAtPath { fileManager, error, path in true }
    /// ```
    @discardableResult
    public func shouldProceedAfterRemoveErrorAtPath(
        _ handler: @escaping @Sendable (FileManager, any Error, String) -> Bool
    ) -> Subscription {
        proxy.shouldProceedAfterRemoveErrorAtPath.subscribe { fileManager, failure in
            handler(fileManager, failure.error, failure.path)
        }
    }
}
