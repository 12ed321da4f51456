#if canImport(ObjectiveC)
import Foundation

/// The forward target of `FileManagerDelegateProxy` on Apple platforms, where the protocol's
/// methods are optional: as `FileManager` does, each asks the URL variant, else the path one,
/// and answers `nil` when the delegate implements neither (it then takes no part in the
/// answer). On Linux every method is a requirement, and the proxy asks the delegate itself
/// with the same spelling.
struct FileManagerOptionalMethods {
    let delegate: any FileManagerDelegate

    func fileManager(_ fm: FileManager, shouldCopyItemAt s: URL, to d: URL) -> Bool? {
        delegate.fileManager?(fm, shouldCopyItemAt: s, to: d)
            ?? delegate.fileManager?(fm, shouldCopyItemAtPath: s.path, toPath: d.path)
    }
    func fileManager(_ fm: FileManager, shouldMoveItemAt s: URL, to d: URL) -> Bool? {
        delegate.fileManager?(fm, shouldMoveItemAt: s, to: d)
            ?? delegate.fileManager?(fm, shouldMoveItemAtPath: s.path, toPath: d.path)
    }
    func fileManager(_ fm: FileManager, shouldLinkItemAt s: URL, to d: URL) -> Bool? {
        delegate.fileManager?(fm, shouldLinkItemAt: s, to: d)
            ?? delegate.fileManager?(fm, shouldLinkItemAtPath: s.path, toPath: d.path)
    }
    func fileManager(_ fm: FileManager, shouldRemoveItemAt item: URL) -> Bool? {
        delegate.fileManager?(fm, shouldRemoveItemAt: item) ?? delegate.fileManager?(fm, shouldRemoveItemAtPath: item.path)
    }
    func fileManager(_ fm: FileManager, shouldProceedAfterError e: any Error, copyingItemAt s: URL, to d: URL) -> Bool? {
        delegate.fileManager?(fm, shouldProceedAfterError: e, copyingItemAt: s, to: d)
            ?? delegate.fileManager?(fm, shouldProceedAfterError: e, copyingItemAtPath: s.path, toPath: d.path)
    }
    func fileManager(_ fm: FileManager, shouldProceedAfterError e: any Error, movingItemAt s: URL, to d: URL) -> Bool? {
        delegate.fileManager?(fm, shouldProceedAfterError: e, movingItemAt: s, to: d)
            ?? delegate.fileManager?(fm, shouldProceedAfterError: e, movingItemAtPath: s.path, toPath: d.path)
    }
    func fileManager(_ fm: FileManager, shouldProceedAfterError e: any Error, linkingItemAt s: URL, to d: URL) -> Bool? {
        delegate.fileManager?(fm, shouldProceedAfterError: e, linkingItemAt: s, to: d)
            ?? delegate.fileManager?(fm, shouldProceedAfterError: e, linkingItemAtPath: s.path, toPath: d.path)
    }
    func fileManager(_ fm: FileManager, shouldProceedAfterError e: any Error, removingItemAt item: URL) -> Bool? {
        delegate.fileManager?(fm, shouldProceedAfterError: e, removingItemAt: item)
            ?? delegate.fileManager?(fm, shouldProceedAfterError: e, removingItemAtPath: item.path)
    }
}
#endif
