import Foundation

/// One question of `FileManagerDelegate`, which Foundation may ask by URL or by path: the
/// handlers of both variants answer it, whichever variant was called (URL handlers first), each
/// getting the values in its own form.
final class FileManagerQuestion<AtURL, AtPath>: Sendable {
    /// The handlers of the URL variant (`shouldCopyItem`).
    let atURL = Decision<FileManager, AtURL, Bool>.all()
    /// The handlers of the path variant (`shouldCopyItemAtPath`).
    let atPath = Decision<FileManager, AtPath, Bool>.all()
    /// Foundation's answer for a file manager without a delegate.
    private let otherwise: Bool
    /// The values of each variant in the other's form (a path is `url.path`).
    private let toPath: @Sendable (AtURL) -> AtPath
    private let toURL: @Sendable (AtPath) -> AtURL

    private init(
        otherwise: Bool, toPath: @escaping @Sendable (AtURL) -> AtPath, toURL: @escaping @Sendable (AtPath) -> AtURL
    ) {
        self.otherwise = otherwise
        self.toPath = toPath
        self.toURL = toURL
    }

    /// The answer to the URL variant, after the delegate's.
    func ask(_ fileManager: FileManager, _ args: AtURL, after fromDelegate: Bool?) -> Bool {
        decide(fileManager, args, toPath(args), after: fromDelegate)
    }

    /// The answer to the path variant, after the delegate's.
    func ask(_ fileManager: FileManager, path args: AtPath, after fromDelegate: Bool?) -> Bool {
        decide(fileManager, toURL(args), args, after: fromDelegate)
    }

    /// The delegate's answer, then the URL handlers', then the path handlers' (all must agree);
    /// Foundation's answer without a delegate when nobody answered.
    private func decide(_ fileManager: FileManager, _ url: AtURL, _ path: AtPath, after fromDelegate: Bool?) -> Bool {
        atPath.answer(fileManager, path, after: atURL.answer(fileManager, url, after: fromDelegate)) ?? otherwise
    }
}

extension FileManagerQuestion
where AtURL == FileManagerDelegateProxy.Items, AtPath == FileManagerDelegateProxy.Paths {
    /// A copy, move or link question (source and destination).
    convenience init(otherwise: Bool) {
        self.init(otherwise: otherwise, toPath: { ($0.source.path, $0.destination.path) }, toURL: {
            (URL(fileURLWithPath: $0.source), URL(fileURLWithPath: $0.destination))
        })
    }
}

extension FileManagerQuestion
where AtURL == FileManagerDelegateProxy.ItemsError, AtPath == FileManagerDelegateProxy.PathsError {
    /// A question after a failed copy, move or link (error, source and destination).
    convenience init(otherwise: Bool) {
        self.init(otherwise: otherwise, toPath: { ($0.error, $0.source.path, $0.destination.path) }, toURL: {
            ($0.error, URL(fileURLWithPath: $0.source), URL(fileURLWithPath: $0.destination))
        })
    }
}

extension FileManagerQuestion where AtURL == URL, AtPath == String {
    /// A removal question (the item).
    convenience init(otherwise: Bool) {
        self.init(otherwise: otherwise, toPath: { $0.path }, toURL: { URL(fileURLWithPath: $0) })
    }
}

extension FileManagerQuestion
where AtURL == FileManagerDelegateProxy.ItemError, AtPath == FileManagerDelegateProxy.PathError {
    /// A question after a failed removal (error and item).
    convenience init(otherwise: Bool) {
        self.init(otherwise: otherwise, toPath: { ($0.error, $0.item.path) }, toURL: {
            ($0.error, URL(fileURLWithPath: $0.path))
        })
    }
}
