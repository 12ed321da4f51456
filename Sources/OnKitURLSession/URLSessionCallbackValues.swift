import Foundation
import OnKit
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// What the URLSession callbacks with several values carry: a struct each, keeping the names the
// delegate method gives them, with the flat form's order in `elements` (see `TwoValues`):
// `session.on.didReceiveData { session, task, data in … }` or `{ received in received.data }`.

/// An authentication challenge, for the session (`task` nil) or for a task.
public struct URLSessionChallenge: TwoValues, Sendable {
    /// The task challenged; nil for a session-level challenge.
    public let task: URLSessionTask?
    /// The challenge.
    public let challenge: URLAuthenticationChallenge
    /// `(task, challenge)`.
    public var elements: (URLSessionTask?, URLAuthenticationChallenge) { (task, challenge) }
}

/// A redirect the server asks for.
public struct URLSessionRedirection: ThreeValues, Sendable {
    /// The task redirected.
    public let task: URLSessionTask
    /// The redirect response.
    public let response: HTTPURLResponse
    /// The request URLSession proposes to follow.
    public let newRequest: URLRequest
    /// `(task, response, newRequest)`.
    public var elements: (URLSessionTask, HTTPURLResponse, URLRequest) { (task, response, newRequest) }
}

/// Progress of an upload (`URLSessionTask`) or a download (`URLSessionDownloadTask`).
public struct URLSessionTaskProgress<Task: URLSessionTask>: TwoValues, Sendable {
    /// The task.
    public let task: Task
    /// Its bytes so far.
    public let progress: URLTransferProgress
    /// `(task, progress)`.
    public var elements: (Task, URLTransferProgress) { (task, progress) }
}

/// A finished task: `error` is nil on success.
public struct URLSessionTaskCompletion: TwoValues, Sendable {
    /// The task.
    public let task: URLSessionTask
    /// Why it failed, or nil.
    public let error: (any Error)?
    /// `(task, error)`.
    public var elements: (URLSessionTask, (any Error)?) { (task, error) }
}

/// A task's metrics.
public struct URLSessionTaskMetricsReport: TwoValues, Sendable {
    /// The task.
    public let task: URLSessionTask
    /// Its metrics.
    public let metrics: URLSessionTaskMetrics
    /// `(task, metrics)`.
    public var elements: (URLSessionTask, URLSessionTaskMetrics) { (task, metrics) }
}

/// A data task's response headers.
public struct URLSessionDataResponse: TwoValues, Sendable {
    /// The task.
    public let task: URLSessionDataTask
    /// The response.
    public let response: URLResponse
    /// `(task, response)`.
    public var elements: (URLSessionDataTask, URLResponse) { (task, response) }
}

/// A chunk of a data task's body.
public struct URLSessionReceivedData: TwoValues, Sendable {
    /// The task.
    public let task: URLSessionDataTask
    /// The bytes.
    public let data: Data
    /// `(task, data)`.
    public var elements: (URLSessionDataTask, Data) { (task, data) }
}

/// A data task that became a download task.
public struct URLSessionDownloadConversion: TwoValues, Sendable {
    /// The data task.
    public let task: URLSessionDataTask
    /// The download task it became.
    public let downloadTask: URLSessionDownloadTask
    /// `(task, downloadTask)`.
    public var elements: (URLSessionDataTask, URLSessionDownloadTask) { (task, downloadTask) }
}

/// A response about to be cached.
public struct URLSessionCacheProposal: TwoValues, Sendable {
    /// The task.
    public let task: URLSessionDataTask
    /// The response URLSession proposes to cache.
    public let proposedResponse: CachedURLResponse
    /// `(task, proposedResponse)`.
    public var elements: (URLSessionDataTask, CachedURLResponse) { (task, proposedResponse) }
}

/// A finished download, in the temporary file at `location`.
public struct URLSessionFinishedDownload: TwoValues, Sendable {
    /// The task.
    public let task: URLSessionDownloadTask
    /// The temporary file.
    public let location: URL
    /// `(task, location)`.
    public var elements: (URLSessionDownloadTask, URL) { (task, location) }
}
