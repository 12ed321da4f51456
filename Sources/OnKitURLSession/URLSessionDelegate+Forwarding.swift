#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Foundation
@_spi(OnKitInternal) import OnKit

// Calls on the delegate a session's proxy forwards to, one per delegate method.
//
// The only platform difference of the adapter lives here: on Linux every method of these
// protocols is a requirement with a default implementation (which answers URLSession's default),
// so the call always happens; on Apple platforms the methods are optional, and one the delegate
// does not implement is skipped, as URLSession itself would skip it. The methods that answer
// through a completion handler return whether the delegate was asked: `false` makes the reply
// finish without an answer (see `DelegateReply.ask`).

#if canImport(ObjectiveC)
extension URLSessionDelegate {
    func forwardDidBecomeInvalid(_ session: URLSession, _ error: (any Error)?) {
        urlSession?(session, didBecomeInvalidWithError: error)
    }

    func forwardChallenge(_ session: URLSession, _ challenge: URLAuthenticationChallenge, _ reply: ChallengeReply) -> Bool {
        urlSession?(session, didReceive: challenge) { reply(($0, $1)) } != nil
    }

    func forwardDidFinishEvents(_ session: URLSession) {
        urlSessionDidFinishEvents?(forBackgroundURLSession: session)
    }
}

extension URLSessionTaskDelegate {
    func forwardRedirection(
        _ session: URLSession, _ task: URLSessionTask, _ response: HTTPURLResponse, _ request: URLRequest,
        _ reply: DelegateReply<URLRequest?>
    ) -> Bool {
        urlSession?(session, task: task, willPerformHTTPRedirection: response, newRequest: request) { reply($0) } != nil
    }

    func forwardChallenge(
        _ session: URLSession, _ task: URLSessionTask, _ challenge: URLAuthenticationChallenge, _ reply: ChallengeReply
    ) -> Bool {
        urlSession?(session, task: task, didReceive: challenge) { reply(($0, $1)) } != nil
    }

    func forwardNeedNewBodyStream(_ session: URLSession, _ task: URLSessionTask, _ reply: DelegateReply<InputStream?>) -> Bool {
        urlSession?(session, task: task, needNewBodyStream: { reply($0) }) != nil
    }

    func forwardDidSendBodyData(_ session: URLSession, _ task: URLSessionTask, _ progress: URLTransferProgress) {
        urlSession?(
            session, task: task, didSendBodyData: progress.bytes, totalBytesSent: progress.totalBytes,
            totalBytesExpectedToSend: progress.totalBytesExpected
        )
    }

    func forwardDidComplete(_ session: URLSession, _ task: URLSessionTask, _ error: (any Error)?) {
        urlSession?(session, task: task, didCompleteWithError: error)
    }

    func forwardDelayedRequest(
        _ session: URLSession, _ task: URLSessionTask, _ request: URLRequest, _ reply: DelayedRequestReply
    ) -> Bool {
        urlSession?(session, task: task, willBeginDelayedRequest: request) { reply(($0, $1)) } != nil
    }

    func forwardDidFinishCollecting(_ session: URLSession, _ task: URLSessionTask, _ metrics: URLSessionTaskMetrics) {
        urlSession?(session, task: task, didFinishCollecting: metrics)
    }

    func forwardIsWaitingForConnectivity(_ session: URLSession, _ task: URLSessionTask) {
        urlSession?(session, taskIsWaitingForConnectivity: task)
    }

    func forwardDidCreateTask(_ session: URLSession, _ task: URLSessionTask) {
        urlSession?(session, didCreateTask: task)
    }

    func forwardInformationalResponse(_ session: URLSession, _ task: URLSessionTask, _ response: HTTPURLResponse) {
        urlSession?(session, task: task, didReceiveInformationalResponse: response)
    }
}

extension URLSessionDataDelegate {
    func forwardResponse(
        _ session: URLSession, _ task: URLSessionDataTask, _ response: URLResponse,
        _ reply: DelegateReply<URLSession.ResponseDisposition>
    ) -> Bool {
        urlSession?(session, dataTask: task, didReceive: response) { reply($0) } != nil
    }

    func forwardData(_ session: URLSession, _ task: URLSessionDataTask, _ data: Data) {
        urlSession?(session, dataTask: task, didReceive: data)
    }

    func forwardDidBecome(_ session: URLSession, _ task: URLSessionDataTask, _ downloadTask: URLSessionDownloadTask) {
        urlSession?(session, dataTask: task, didBecome: downloadTask)
    }

    func forwardDidBecome(_ session: URLSession, _ task: URLSessionDataTask, _ streamTask: URLSessionStreamTask) {
        urlSession?(session, dataTask: task, didBecome: streamTask)
    }

    func forwardWillCache(
        _ session: URLSession, _ task: URLSessionDataTask, _ proposed: CachedURLResponse,
        _ reply: DelegateReply<CachedURLResponse?>
    ) -> Bool {
        urlSession?(session, dataTask: task, willCacheResponse: proposed) { reply($0) } != nil
    }
}

extension URLSessionDownloadDelegate {
    func forwardDidFinishDownloading(_ session: URLSession, _ task: URLSessionDownloadTask, _ location: URL) {
        urlSession(session, downloadTask: task, didFinishDownloadingTo: location)  // required: always there
    }

    func forwardDidWriteData(_ session: URLSession, _ task: URLSessionDownloadTask, _ progress: URLTransferProgress) {
        urlSession?(
            session, downloadTask: task, didWriteData: progress.bytes, totalBytesWritten: progress.totalBytes,
            totalBytesExpectedToWrite: progress.totalBytesExpected
        )
    }

    func forwardDidResume(_ session: URLSession, _ task: URLSessionDownloadTask, _ offset: Int64, _ expected: Int64) {
        urlSession?(session, downloadTask: task, didResumeAtOffset: offset, expectedTotalBytes: expected)
    }
}

extension URLSessionWebSocketDelegate {
    func forwardDidOpen(_ session: URLSession, _ task: URLSessionWebSocketTask, _ protocol: String?) {
        urlSession?(session, webSocketTask: task, didOpenWithProtocol: `protocol`)
    }

    func forwardDidClose(
        _ session: URLSession, _ task: URLSessionWebSocketTask, _ code: URLSessionWebSocketTask.CloseCode, _ reason: Data?
    ) {
        urlSession?(session, webSocketTask: task, didCloseWith: code, reason: reason)
    }
}
#else
extension URLSessionDelegate {
    func forwardDidBecomeInvalid(_ session: URLSession, _ error: (any Error)?) {
        urlSession(session, didBecomeInvalidWithError: error)
    }

    func forwardChallenge(_ session: URLSession, _ challenge: URLAuthenticationChallenge, _ reply: ChallengeReply) -> Bool {
        urlSession(session, didReceive: challenge) { reply(($0, $1)) }
        return true
    }
}

extension URLSessionTaskDelegate {
    func forwardRedirection(
        _ session: URLSession, _ task: URLSessionTask, _ response: HTTPURLResponse, _ request: URLRequest,
        _ reply: DelegateReply<URLRequest?>
    ) -> Bool {
        urlSession(session, task: task, willPerformHTTPRedirection: response, newRequest: request) { reply($0) }
        return true
    }

    func forwardChallenge(
        _ session: URLSession, _ task: URLSessionTask, _ challenge: URLAuthenticationChallenge, _ reply: ChallengeReply
    ) -> Bool {
        urlSession(session, task: task, didReceive: challenge) { reply(($0, $1)) }
        return true
    }

    func forwardNeedNewBodyStream(_ session: URLSession, _ task: URLSessionTask, _ reply: DelegateReply<InputStream?>) -> Bool {
        urlSession(session, task: task, needNewBodyStream: { reply($0) })
        return true
    }

    func forwardDidSendBodyData(_ session: URLSession, _ task: URLSessionTask, _ progress: URLTransferProgress) {
        urlSession(
            session, task: task, didSendBodyData: progress.bytes, totalBytesSent: progress.totalBytes,
            totalBytesExpectedToSend: progress.totalBytesExpected
        )
    }

    func forwardDidComplete(_ session: URLSession, _ task: URLSessionTask, _ error: (any Error)?) {
        urlSession(session, task: task, didCompleteWithError: error)
    }

    func forwardDelayedRequest(
        _ session: URLSession, _ task: URLSessionTask, _ request: URLRequest, _ reply: DelayedRequestReply
    ) -> Bool {
        urlSession(session, task: task, willBeginDelayedRequest: request) { reply(($0, $1)) }
        return true
    }

    func forwardDidFinishCollecting(_ session: URLSession, _ task: URLSessionTask, _ metrics: URLSessionTaskMetrics) {
        urlSession(session, task: task, didFinishCollecting: metrics)
    }
}

extension URLSessionDataDelegate {
    func forwardResponse(
        _ session: URLSession, _ task: URLSessionDataTask, _ response: URLResponse,
        _ reply: DelegateReply<URLSession.ResponseDisposition>
    ) -> Bool {
        urlSession(session, dataTask: task, didReceive: response) { reply($0) }
        return true
    }

    func forwardData(_ session: URLSession, _ task: URLSessionDataTask, _ data: Data) {
        urlSession(session, dataTask: task, didReceive: data)
    }

    func forwardDidBecome(_ session: URLSession, _ task: URLSessionDataTask, _ downloadTask: URLSessionDownloadTask) {
        urlSession(session, dataTask: task, didBecome: downloadTask)
    }

    func forwardDidBecome(_ session: URLSession, _ task: URLSessionDataTask, _ streamTask: URLSessionStreamTask) {
        urlSession(session, dataTask: task, didBecome: streamTask)
    }

    func forwardWillCache(
        _ session: URLSession, _ task: URLSessionDataTask, _ proposed: CachedURLResponse,
        _ reply: DelegateReply<CachedURLResponse?>
    ) -> Bool {
        urlSession(session, dataTask: task, willCacheResponse: proposed) { reply($0) }
        return true
    }
}

extension URLSessionDownloadDelegate {
    func forwardDidFinishDownloading(_ session: URLSession, _ task: URLSessionDownloadTask, _ location: URL) {
        urlSession(session, downloadTask: task, didFinishDownloadingTo: location)
    }

    func forwardDidWriteData(_ session: URLSession, _ task: URLSessionDownloadTask, _ progress: URLTransferProgress) {
        urlSession(
            session, downloadTask: task, didWriteData: progress.bytes, totalBytesWritten: progress.totalBytes,
            totalBytesExpectedToWrite: progress.totalBytesExpected
        )
    }

    func forwardDidResume(_ session: URLSession, _ task: URLSessionDownloadTask, _ offset: Int64, _ expected: Int64) {
        urlSession(session, downloadTask: task, didResumeAtOffset: offset, expectedTotalBytes: expected)
    }
}

extension URLSessionWebSocketDelegate {
    func forwardDidOpen(_ session: URLSession, _ task: URLSessionWebSocketTask, _ protocol: String?) {
        urlSession(session, webSocketTask: task, didOpenWithProtocol: `protocol`)
    }

    func forwardDidClose(
        _ session: URLSession, _ task: URLSessionWebSocketTask, _ code: URLSessionWebSocketTask.CloseCode, _ reason: Data?
    ) {
        urlSession(session, webSocketTask: task, didCloseWith: code, reason: reason)
    }
}
#endif
