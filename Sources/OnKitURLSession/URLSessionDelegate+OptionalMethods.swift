#if canImport(ObjectiveC)
import Foundation

/// The forward target of `URLSessionDelegateProxy` on Apple platforms, where the protocols'
/// methods are optional (and split over sub-protocols): a call the delegate does not implement
/// is skipped, as URLSession skips it, and a method answering through a completion handler then
/// returns `nil` (`DelegateReply.ask`). On Linux the proxy calls the delegate with the same spellings.
struct URLSessionOptionalMethods {
    let delegate: any URLSessionDelegate
    private var task: (any URLSessionTaskDelegate)? { delegate as? any URLSessionTaskDelegate }
    private var data: (any URLSessionDataDelegate)? { delegate as? any URLSessionDataDelegate }
    private var download: (any URLSessionDownloadDelegate)? { delegate as? any URLSessionDownloadDelegate }
    private var webSocket: (any URLSessionWebSocketDelegate)? { delegate as? any URLSessionWebSocketDelegate }

    // URLSessionDelegate
    func urlSession(_ s: URLSession, didBecomeInvalidWithError e: (any Error)?) {
        delegate.urlSession?(s, didBecomeInvalidWithError: e)
    }
    func urlSession(_ s: URLSession, didReceive c: URLAuthenticationChallenge, completionHandler: @escaping ChallengeCompletion) -> Void? {
        delegate.urlSession?(s, didReceive: c, completionHandler: completionHandler)
    }
    func urlSessionDidFinishEvents(forBackgroundURLSession s: URLSession) {
        delegate.urlSessionDidFinishEvents?(forBackgroundURLSession: s)
    }

    // URLSessionTaskDelegate
    func urlSession(
        _ s: URLSession, task t: URLSessionTask, willPerformHTTPRedirection r: HTTPURLResponse, newRequest q: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) -> Void? {
        task?.urlSession?(s, task: t, willPerformHTTPRedirection: r, newRequest: q, completionHandler: completionHandler)
    }
    func urlSession(
        _ s: URLSession, task t: URLSessionTask, didReceive c: URLAuthenticationChallenge, completionHandler: @escaping ChallengeCompletion
    ) -> Void? {
        task?.urlSession?(s, task: t, didReceive: c, completionHandler: completionHandler)
    }
    func urlSession(
        _ s: URLSession, task t: URLSessionTask, needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void
    ) -> Void? {
        task?.urlSession?(s, task: t, needNewBodyStream: completionHandler)
    }
    func urlSession(
        _ s: URLSession, task t: URLSessionTask, didSendBodyData sent: Int64, totalBytesSent: Int64, totalBytesExpectedToSend: Int64
    ) {
        task?.urlSession?(s, task: t, didSendBodyData: sent, totalBytesSent: totalBytesSent, totalBytesExpectedToSend: totalBytesExpectedToSend)
    }
    func urlSession(_ s: URLSession, task t: URLSessionTask, didCompleteWithError e: (any Error)?) {
        task?.urlSession?(s, task: t, didCompleteWithError: e)
    }
    func urlSession(
        _ s: URLSession, task t: URLSessionTask, willBeginDelayedRequest q: URLRequest,
        completionHandler: @escaping @Sendable (URLSession.DelayedRequestDisposition, URLRequest?) -> Void
    ) -> Void? {
        task?.urlSession?(s, task: t, willBeginDelayedRequest: q, completionHandler: completionHandler)
    }
    func urlSession(_ s: URLSession, task t: URLSessionTask, didFinishCollecting m: URLSessionTaskMetrics) {
        task?.urlSession?(s, task: t, didFinishCollecting: m)
    }
    func urlSession(_ s: URLSession, taskIsWaitingForConnectivity t: URLSessionTask) {
        task?.urlSession?(s, taskIsWaitingForConnectivity: t)
    }
    func urlSession(_ s: URLSession, didCreateTask t: URLSessionTask) { task?.urlSession?(s, didCreateTask: t) }
    func urlSession(_ s: URLSession, task t: URLSessionTask, didReceiveInformationalResponse r: HTTPURLResponse) {
        task?.urlSession?(s, task: t, didReceiveInformationalResponse: r)
    }

    // URLSessionDataDelegate
    func urlSession(
        _ s: URLSession, dataTask t: URLSessionDataTask, didReceive r: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) -> Void? {
        data?.urlSession?(s, dataTask: t, didReceive: r, completionHandler: completionHandler)
    }
    func urlSession(_ s: URLSession, dataTask t: URLSessionDataTask, didReceive d: Data) {
        data?.urlSession?(s, dataTask: t, didReceive: d)
    }
    func urlSession(_ s: URLSession, dataTask t: URLSessionDataTask, didBecome d: URLSessionDownloadTask) {
        data?.urlSession?(s, dataTask: t, didBecome: d)
    }
    func urlSession(_ s: URLSession, dataTask t: URLSessionDataTask, didBecome d: URLSessionStreamTask) {
        data?.urlSession?(s, dataTask: t, didBecome: d)
    }
    func urlSession(
        _ s: URLSession, dataTask t: URLSessionDataTask, willCacheResponse r: CachedURLResponse,
        completionHandler: @escaping @Sendable (CachedURLResponse?) -> Void
    ) -> Void? {
        data?.urlSession?(s, dataTask: t, willCacheResponse: r, completionHandler: completionHandler)
    }

    // URLSessionDownloadDelegate
    func urlSession(_ s: URLSession, downloadTask t: URLSessionDownloadTask, didFinishDownloadingTo l: URL) {
        download?.urlSession(s, downloadTask: t, didFinishDownloadingTo: l)  // required: always there
    }
    func urlSession(
        _ s: URLSession, downloadTask t: URLSessionDownloadTask, didWriteData w: Int64, totalBytesWritten: Int64,
        totalBytesExpectedToWrite: Int64
    ) {
        download?.urlSession?(
            s, downloadTask: t, didWriteData: w, totalBytesWritten: totalBytesWritten, totalBytesExpectedToWrite: totalBytesExpectedToWrite
        )
    }
    func urlSession(_ s: URLSession, downloadTask t: URLSessionDownloadTask, didResumeAtOffset o: Int64, expectedTotalBytes: Int64) {
        download?.urlSession?(s, downloadTask: t, didResumeAtOffset: o, expectedTotalBytes: expectedTotalBytes)
    }

    // URLSessionWebSocketDelegate
    func urlSession(_ s: URLSession, webSocketTask t: URLSessionWebSocketTask, didOpenWithProtocol p: String?) {
        webSocket?.urlSession?(s, webSocketTask: t, didOpenWithProtocol: p)
    }
    func urlSession(
        _ s: URLSession, webSocketTask t: URLSessionWebSocketTask, didCloseWith c: URLSessionWebSocketTask.CloseCode, reason: Data?
    ) {
        webSocket?.urlSession?(s, webSocketTask: t, didCloseWith: c, reason: reason)
    }
}
#endif
