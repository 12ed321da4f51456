import Foundation
import OnKit

/// A finished task: `error` is nil on success.
public struct URLSessionTaskCompletion: TwoValues, Sendable {
    /// The task.
    public let task: URLSessionTask
    /// Why it failed, or nil.
    public let error: (any Error)?
    /// `(task, error)`.
    public var elements: (URLSessionTask, (any Error)?) { (task, error) }
}
