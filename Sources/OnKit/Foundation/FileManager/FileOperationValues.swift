import Foundation

// What the FileManager questions with several values carry, by URL (`Location == URL`) or by
// path (`String`), keeping the names the delegate methods give them (see `TwoValues`).

/// An item to copy, move or link: `fileManager.on.shouldCopyItem { fileManager, source, destination in … }`.
public struct FileTransfer<Location: Sendable>: TwoValues, Sendable {
    /// The item to copy, move or link.
    public let source: Location
    /// Where it goes.
    public let destination: Location
    /// `(source, destination)`.
    public var elements: (Location, Location) { (source, destination) }
}

/// A copy, move or link that failed: `fileManager.on.shouldProceedAfterCopyError { fileManager, error, source, destination in … }`.
public struct FileTransferError<Location: Sendable>: ThreeValues, Sendable {
    /// What went wrong.
    public let error: any Error
    /// The item that was being copied, moved or linked.
    public let source: Location
    /// Where it was going.
    public let destination: Location
    /// `(error, source, destination)`.
    public var elements: (any Error, Location, Location) { (error, source, destination) }
}

/// A removal that failed: `fileManager.on.shouldProceedAfterRemoveError { fileManager, error, item in … }`.
public struct FileRemovalError<Location: Sendable>: TwoValues, Sendable {
    /// What went wrong.
    public let error: any Error
    /// The item that was being removed.
    public let item: Location
    /// `(error, item)`.
    public var elements: (any Error, Location) { (error, item) }
}

extension FileRemovalError where Location == String {
    /// The path of the item that was being removed (the path variant's name for `item`).
    public var path: String { item }
}

// The path variants' values, from the URL ones Foundation asks with (`FileManagerQuestion`).
extension FileTransfer where Location == URL {
    var atPath: FileTransfer<String> { FileTransfer<String>(source: source.path, destination: destination.path) }
}

extension FileTransferError where Location == URL {
    var atPath: FileTransferError<String> { FileTransferError<String>(error: error, source: source.path, destination: destination.path) }
}

extension FileRemovalError where Location == URL {
    var atPath: FileRemovalError<String> { FileRemovalError<String>(error: error, item: item.path) }
}
