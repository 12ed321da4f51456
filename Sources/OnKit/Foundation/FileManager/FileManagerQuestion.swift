import Foundation

/// One question of `FileManagerDelegate`, which Foundation asks by URL and which OnKit offers
/// by URL and by path: the delegate answers first, then the URL handlers, then the path
/// handlers (each gets the values in its own form; a path is `url.path`). All must agree
/// (`Decision.all()`); nobody answering gives `otherwise`, Foundation's answer without a delegate.
final class FileManagerQuestion<AtURL, AtPath>: Sendable {
    /// The handlers of the URL variant (`shouldCopyItem`).
    let atURL = Decision<FileManager, AtURL, Bool>.all()
    /// The handlers of the path variant (`shouldCopyItemAtPath`).
    let atPath = Decision<FileManager, AtPath, Bool>.all()
    private let otherwise: Bool
    private let toPath: @Sendable (AtURL) -> AtPath

    private init(otherwise: Bool, toPath: @escaping @Sendable (AtURL) -> AtPath) {
        self.otherwise = otherwise
        self.toPath = toPath
    }

    /// The answer, after the delegate's (`nil`: no delegate, or it implements neither variant).
    func ask(_ fileManager: FileManager, _ args: AtURL, after fromDelegate: Bool?) -> Bool {
        atPath.answer(fileManager, toPath(args), after: atURL.answer(fileManager, args, after: fromDelegate)) ?? otherwise
    }
}

extension FileManagerQuestion where AtURL == FileManagerDelegateProxy.Items {
    /// A copy, move or link question (source and destination).
    convenience init(otherwise: Bool) where AtPath == (source: String, destination: String) {
        self.init(otherwise: otherwise) { ($0.source.path, $0.destination.path) }
    }
}

extension FileManagerQuestion where AtURL == FileManagerDelegateProxy.ItemsError {
    /// A question after a failed copy, move or link (error, source and destination).
    convenience init(otherwise: Bool) where AtPath == FileManagerDelegateProxy.PathsError {
        self.init(otherwise: otherwise) { ($0.error, $0.source.path, $0.destination.path) }
    }
}

extension FileManagerQuestion where AtURL == URL, AtPath == String {
    /// A removal question (the item).
    convenience init(otherwise: Bool) {
        self.init(otherwise: otherwise) { $0.path }
    }
}

extension FileManagerQuestion where AtURL == FileManagerDelegateProxy.ItemError {
    /// A question after a failed removal (error and item).
    convenience init(otherwise: Bool) where AtPath == (error: any Error, path: String) {
        self.init(otherwise: otherwise) { ($0.error, $0.item.path) }
    }
}
