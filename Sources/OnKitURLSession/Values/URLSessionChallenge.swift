import Foundation
import OnKit

/// An authentication challenge, for the session (`task` nil) or for a task.
public struct URLSessionChallenge: TwoValues, Sendable {
    /// The task challenged; nil for a session-level challenge.
    public let task: URLSessionTask?
    /// The challenge.
    public let challenge: URLAuthenticationChallenge
    /// `(task, challenge)`.
    public var elements: (URLSessionTask?, URLAuthenticationChallenge) { (task, challenge) }
}
