import Foundation

// `Location` is `URL` for the question by URL, `String` for the one by path.

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

// The path variant's value, from the URL one Foundation asks with (`FileManagerQuestion`).
extension FileRemovalError where Location == URL {
    var atPath: FileRemovalError<String> { FileRemovalError<String>(error: error, item: item.path) }
}
