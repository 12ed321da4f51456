import Foundation
import OnKit

/// A data task's response headers.
public struct URLSessionDataResponse: TwoValues, Sendable {
    /// The task.
    public let task: URLSessionDataTask
    /// The response.
    public let response: URLResponse
    /// `(task, response)`.
    public var elements: (URLSessionDataTask, URLResponse) { (task, response) }
}
