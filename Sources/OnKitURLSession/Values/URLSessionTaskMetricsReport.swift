import Foundation
import OnKit

/// A task's metrics.
public struct URLSessionTaskMetricsReport: TwoValues, Sendable {
    /// The task.
    public let task: URLSessionTask
    /// Its metrics.
    public let metrics: URLSessionTaskMetrics
    /// `(task, metrics)`.
    public var elements: (URLSessionTask, URLSessionTaskMetrics) { (task, metrics) }
}
