import Foundation
import OnKit

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
