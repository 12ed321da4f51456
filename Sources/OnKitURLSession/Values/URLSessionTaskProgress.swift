import Foundation
import OnKit

/// Progress of an upload (`URLSessionTask`) or a download (`URLSessionDownloadTask`).
public struct URLSessionTaskProgress<Task: URLSessionTask>: TwoValues, Sendable {
    /// The task.
    public let task: Task
    /// Its bytes so far.
    public let progress: URLTransferProgress
    /// `(task, progress)`.
    public var elements: (Task, URLTransferProgress) { (task, progress) }
}
