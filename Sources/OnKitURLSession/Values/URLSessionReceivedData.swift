import Foundation
import OnKit

/// A chunk of a data task's body.
public struct URLSessionReceivedData: TwoValues, Sendable {
    /// The task.
    public let task: URLSessionDataTask
    /// The bytes.
    public let data: Data
    /// `(task, data)`.
    public var elements: (URLSessionDataTask, Data) { (task, data) }
}
