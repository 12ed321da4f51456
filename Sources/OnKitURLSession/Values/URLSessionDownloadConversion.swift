import Foundation
import OnKit

/// A data task that became a download task.
public struct URLSessionDownloadConversion: TwoValues, Sendable {
    /// The data task.
    public let task: URLSessionDataTask
    /// The download task it became.
    public let downloadTask: URLSessionDownloadTask
    /// `(task, downloadTask)`.
    public var elements: (URLSessionDataTask, URLSessionDownloadTask) { (task, downloadTask) }
}
