import Foundation

// `Location` is `URL` for the questions by URL, `String` for those by path.

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

// The path variant's value, from the URL one Foundation asks with (`FileManagerQuestion`).
extension FileTransferError where Location == URL {
    var atPath: FileTransferError<String> { FileTransferError<String>(error: error, source: source.path, destination: destination.path) }
}
