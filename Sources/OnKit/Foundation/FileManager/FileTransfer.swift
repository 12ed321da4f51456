import Foundation

// `Location` is `URL` for the questions by URL, `String` for those by path.

/// An item to copy, move or link: `fileManager.on.shouldCopyItem { fileManager, source, destination in … }`.
public struct FileTransfer<Location: Sendable>: TwoValues, Sendable {
    /// The item to copy, move or link.
    public let source: Location
    /// Where it goes.
    public let destination: Location
    /// `(source, destination)`.
    public var elements: (Location, Location) { (source, destination) }
}

// The path variant's value, from the URL one Foundation asks with (`FileManagerQuestion`).
extension FileTransfer where Location == URL {
    var atPath: FileTransfer<String> { FileTransfer<String>(source: source.path, destination: destination.path) }
}
