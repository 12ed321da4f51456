import Foundation

/// Asks the delegate a proxy forwards to, one call per `FileManagerDelegate` method.
///
/// The only platform difference of the adapter lives here:
/// - Linux: every method is a requirement, so the delegate always answers the very method
///   Foundation called on the proxy.
/// - Apple platforms: the methods are optional. As `FileManager` does, the variant Foundation
///   called is tried first and the other (URL or path) second; `nil` means the delegate
///   implements neither, so it does not take part in the answer.
extension FileManagerDelegate {
    #if canImport(ObjectiveC)
    /// The answer to `shouldCopyItemAt:to:`.
    func forwardShouldCopyItem(_ fm: FileManager, _ source: URL, _ destination: URL) -> Bool? {
        fileManager?(fm, shouldCopyItemAt: source, to: destination)
            ?? fileManager?(fm, shouldCopyItemAtPath: source.path, toPath: destination.path)
    }

    /// The answer to `shouldCopyItemAtPath:toPath:`.
    func forwardShouldCopyItemAtPath(_ fm: FileManager, _ source: String, _ destination: String) -> Bool? {
        fileManager?(fm, shouldCopyItemAtPath: source, toPath: destination)
            ?? fileManager?(fm, shouldCopyItemAt: URL(fileURLWithPath: source), to: URL(fileURLWithPath: destination))
    }

    /// The answer to `shouldProceedAfterError:copyingItemAt:to:`.
    func forwardShouldProceedAfterErrorCopyingItem(
        _ fm: FileManager, _ error: any Error, _ source: URL, _ destination: URL
    ) -> Bool? {
        fileManager?(fm, shouldProceedAfterError: error, copyingItemAt: source, to: destination)
            ?? fileManager?(
                fm, shouldProceedAfterError: error, copyingItemAtPath: source.path, toPath: destination.path
            )
    }

    /// The answer to `shouldProceedAfterError:copyingItemAtPath:toPath:`.
    func forwardShouldProceedAfterErrorCopyingItemAtPath(
        _ fm: FileManager, _ error: any Error, _ source: String, _ destination: String
    ) -> Bool? {
        fileManager?(fm, shouldProceedAfterError: error, copyingItemAtPath: source, toPath: destination)
            ?? fileManager?(
                fm, shouldProceedAfterError: error, copyingItemAt: URL(fileURLWithPath: source),
                to: URL(fileURLWithPath: destination)
            )
    }

    /// The answer to `shouldMoveItemAt:to:`.
    func forwardShouldMoveItem(_ fm: FileManager, _ source: URL, _ destination: URL) -> Bool? {
        fileManager?(fm, shouldMoveItemAt: source, to: destination)
            ?? fileManager?(fm, shouldMoveItemAtPath: source.path, toPath: destination.path)
    }

    /// The answer to `shouldMoveItemAtPath:toPath:`.
    func forwardShouldMoveItemAtPath(_ fm: FileManager, _ source: String, _ destination: String) -> Bool? {
        fileManager?(fm, shouldMoveItemAtPath: source, toPath: destination)
            ?? fileManager?(fm, shouldMoveItemAt: URL(fileURLWithPath: source), to: URL(fileURLWithPath: destination))
    }

    /// The answer to `shouldProceedAfterError:movingItemAt:to:`.
    func forwardShouldProceedAfterErrorMovingItem(
        _ fm: FileManager, _ error: any Error, _ source: URL, _ destination: URL
    ) -> Bool? {
        fileManager?(fm, shouldProceedAfterError: error, movingItemAt: source, to: destination)
            ?? fileManager?(fm, shouldProceedAfterError: error, movingItemAtPath: source.path, toPath: destination.path)
    }

    /// The answer to `shouldProceedAfterError:movingItemAtPath:toPath:`.
    func forwardShouldProceedAfterErrorMovingItemAtPath(
        _ fm: FileManager, _ error: any Error, _ source: String, _ destination: String
    ) -> Bool? {
        fileManager?(fm, shouldProceedAfterError: error, movingItemAtPath: source, toPath: destination)
            ?? fileManager?(
                fm, shouldProceedAfterError: error, movingItemAt: URL(fileURLWithPath: source),
                to: URL(fileURLWithPath: destination)
            )
    }

    /// The answer to `shouldLinkItemAt:to:`.
    func forwardShouldLinkItem(_ fm: FileManager, _ source: URL, _ destination: URL) -> Bool? {
        fileManager?(fm, shouldLinkItemAt: source, to: destination)
            ?? fileManager?(fm, shouldLinkItemAtPath: source.path, toPath: destination.path)
    }

    /// The answer to `shouldLinkItemAtPath:toPath:`.
    func forwardShouldLinkItemAtPath(_ fm: FileManager, _ source: String, _ destination: String) -> Bool? {
        fileManager?(fm, shouldLinkItemAtPath: source, toPath: destination)
            ?? fileManager?(fm, shouldLinkItemAt: URL(fileURLWithPath: source), to: URL(fileURLWithPath: destination))
    }

    /// The answer to `shouldProceedAfterError:linkingItemAt:to:`.
    func forwardShouldProceedAfterErrorLinkingItem(
        _ fm: FileManager, _ error: any Error, _ source: URL, _ destination: URL
    ) -> Bool? {
        fileManager?(fm, shouldProceedAfterError: error, linkingItemAt: source, to: destination)
            ?? fileManager?(
                fm, shouldProceedAfterError: error, linkingItemAtPath: source.path, toPath: destination.path
            )
    }

    /// The answer to `shouldProceedAfterError:linkingItemAtPath:toPath:`.
    func forwardShouldProceedAfterErrorLinkingItemAtPath(
        _ fm: FileManager, _ error: any Error, _ source: String, _ destination: String
    ) -> Bool? {
        fileManager?(fm, shouldProceedAfterError: error, linkingItemAtPath: source, toPath: destination)
            ?? fileManager?(
                fm, shouldProceedAfterError: error, linkingItemAt: URL(fileURLWithPath: source),
                to: URL(fileURLWithPath: destination)
            )
    }

    /// The answer to `shouldRemoveItemAt:`.
    func forwardShouldRemoveItem(_ fm: FileManager, _ item: URL) -> Bool? {
        fileManager?(fm, shouldRemoveItemAt: item)
            ?? fileManager?(fm, shouldRemoveItemAtPath: item.path)
    }

    /// The answer to `shouldRemoveItemAtPath:`.
    func forwardShouldRemoveItemAtPath(_ fm: FileManager, _ item: String) -> Bool? {
        fileManager?(fm, shouldRemoveItemAtPath: item)
            ?? fileManager?(fm, shouldRemoveItemAt: URL(fileURLWithPath: item))
    }

    /// The answer to `shouldProceedAfterError:removingItemAt:`.
    func forwardShouldProceedAfterErrorRemovingItem(_ fm: FileManager, _ error: any Error, _ item: URL) -> Bool? {
        fileManager?(fm, shouldProceedAfterError: error, removingItemAt: item)
            ?? fileManager?(fm, shouldProceedAfterError: error, removingItemAtPath: item.path)
    }

    /// The answer to `shouldProceedAfterError:removingItemAtPath:`.
    func forwardShouldProceedAfterErrorRemovingItemAtPath(
        _ fm: FileManager, _ error: any Error, _ item: String
    ) -> Bool? {
        fileManager?(fm, shouldProceedAfterError: error, removingItemAtPath: item)
            ?? fileManager?(fm, shouldProceedAfterError: error, removingItemAt: URL(fileURLWithPath: item))
    }
    #else
    /// The answer to `shouldCopyItemAt:to:`.
    func forwardShouldCopyItem(_ fm: FileManager, _ source: URL, _ destination: URL) -> Bool {
        fileManager(fm, shouldCopyItemAt: source, to: destination)
    }

    /// The answer to `shouldCopyItemAtPath:toPath:`.
    func forwardShouldCopyItemAtPath(_ fm: FileManager, _ source: String, _ destination: String) -> Bool {
        fileManager(fm, shouldCopyItemAtPath: source, toPath: destination)
    }

    /// The answer to `shouldProceedAfterError:copyingItemAt:to:`.
    func forwardShouldProceedAfterErrorCopyingItem(
        _ fm: FileManager, _ error: any Error, _ source: URL, _ destination: URL
    ) -> Bool {
        fileManager(fm, shouldProceedAfterError: error, copyingItemAt: source, to: destination)
    }

    /// The answer to `shouldProceedAfterError:copyingItemAtPath:toPath:`.
    func forwardShouldProceedAfterErrorCopyingItemAtPath(
        _ fm: FileManager, _ error: any Error, _ source: String, _ destination: String
    ) -> Bool {
        fileManager(fm, shouldProceedAfterError: error, copyingItemAtPath: source, toPath: destination)
    }

    /// The answer to `shouldMoveItemAt:to:`.
    func forwardShouldMoveItem(_ fm: FileManager, _ source: URL, _ destination: URL) -> Bool {
        fileManager(fm, shouldMoveItemAt: source, to: destination)
    }

    /// The answer to `shouldMoveItemAtPath:toPath:`.
    func forwardShouldMoveItemAtPath(_ fm: FileManager, _ source: String, _ destination: String) -> Bool {
        fileManager(fm, shouldMoveItemAtPath: source, toPath: destination)
    }

    /// The answer to `shouldProceedAfterError:movingItemAt:to:`.
    func forwardShouldProceedAfterErrorMovingItem(
        _ fm: FileManager, _ error: any Error, _ source: URL, _ destination: URL
    ) -> Bool {
        fileManager(fm, shouldProceedAfterError: error, movingItemAt: source, to: destination)
    }

    /// The answer to `shouldProceedAfterError:movingItemAtPath:toPath:`.
    func forwardShouldProceedAfterErrorMovingItemAtPath(
        _ fm: FileManager, _ error: any Error, _ source: String, _ destination: String
    ) -> Bool {
        fileManager(fm, shouldProceedAfterError: error, movingItemAtPath: source, toPath: destination)
    }

    /// The answer to `shouldLinkItemAt:to:`.
    func forwardShouldLinkItem(_ fm: FileManager, _ source: URL, _ destination: URL) -> Bool {
        fileManager(fm, shouldLinkItemAt: source, to: destination)
    }

    /// The answer to `shouldLinkItemAtPath:toPath:`.
    func forwardShouldLinkItemAtPath(_ fm: FileManager, _ source: String, _ destination: String) -> Bool {
        fileManager(fm, shouldLinkItemAtPath: source, toPath: destination)
    }

    /// The answer to `shouldProceedAfterError:linkingItemAt:to:`.
    func forwardShouldProceedAfterErrorLinkingItem(
        _ fm: FileManager, _ error: any Error, _ source: URL, _ destination: URL
    ) -> Bool {
        fileManager(fm, shouldProceedAfterError: error, linkingItemAt: source, to: destination)
    }

    /// The answer to `shouldProceedAfterError:linkingItemAtPath:toPath:`.
    func forwardShouldProceedAfterErrorLinkingItemAtPath(
        _ fm: FileManager, _ error: any Error, _ source: String, _ destination: String
    ) -> Bool {
        fileManager(fm, shouldProceedAfterError: error, linkingItemAtPath: source, toPath: destination)
    }

    /// The answer to `shouldRemoveItemAt:`.
    func forwardShouldRemoveItem(_ fm: FileManager, _ item: URL) -> Bool {
        fileManager(fm, shouldRemoveItemAt: item)
    }

    /// The answer to `shouldRemoveItemAtPath:`.
    func forwardShouldRemoveItemAtPath(_ fm: FileManager, _ item: String) -> Bool {
        fileManager(fm, shouldRemoveItemAtPath: item)
    }

    /// The answer to `shouldProceedAfterError:removingItemAt:`.
    func forwardShouldProceedAfterErrorRemovingItem(_ fm: FileManager, _ error: any Error, _ item: URL) -> Bool {
        fileManager(fm, shouldProceedAfterError: error, removingItemAt: item)
    }

    /// The answer to `shouldProceedAfterError:removingItemAtPath:`.
    func forwardShouldProceedAfterErrorRemovingItemAtPath(
        _ fm: FileManager, _ error: any Error, _ item: String
    ) -> Bool {
        fileManager(fm, shouldProceedAfterError: error, removingItemAtPath: item)
    }
    #endif
}
