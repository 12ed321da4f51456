import Foundation
import OnKit

/// A finished download, in the temporary file at `location`.
public struct URLSessionFinishedDownload: TwoValues, Sendable {
    /// The task.
    public let task: URLSessionDownloadTask
    /// The temporary file.
    public let location: URL
    /// `(task, location)`.
    public var elements: (URLSessionDownloadTask, URL) { (task, location) }
}
