import Foundation
import OnKit

/// A response about to be cached.
public struct URLSessionCacheProposal: TwoValues, Sendable {
    /// The task.
    public let task: URLSessionDataTask
    /// The response URLSession proposes to cache.
    public let proposedResponse: CachedURLResponse
    /// `(task, proposedResponse)`.
    public var elements: (URLSessionDataTask, CachedURLResponse) { (task, proposedResponse) }
}
