import Foundation

/// One question of `FileManagerDelegate`, which Foundation asks by URL and which OnKit offers
/// by URL and by path: the delegate answers first, then the URL handlers, then the path
/// handlers (each gets the values in its own form; a path is `url.path`). All must agree
/// (`Decision.all()`); nobody answering gives `otherwise`.
final class FileManagerQuestion<AtURL, AtPath>: Sendable {
    /// The handlers of the URL variant (`shouldCopyItem`).
    let atURL = Decision<FileManager, AtURL, Bool>.all()
    /// The handlers of the path variant (`shouldCopyItemAtPath`).
    let atPath = Decision<FileManager, AtPath, Bool>.all()
    private let otherwise: Bool
    private let toPath: @Sendable (AtURL) -> AtPath

    init(otherwise: Bool, toPath: @escaping @Sendable (AtURL) -> AtPath) {
        self.otherwise = otherwise
        self.toPath = toPath
    }

    /// The answer, after the delegate's (`nil`: no delegate, or it implements neither variant).
    func ask(_ fileManager: FileManager, _ args: AtURL, after fromDelegate: Bool?) -> Bool {
        atPath.answer(fileManager, toPath(args), after: atURL.answer(fileManager, args, after: fromDelegate)) ?? otherwise
    }
}
