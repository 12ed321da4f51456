#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Foundation

/// The delegate of a session made by `URLSession.on(configuration:delegate:delegateQueue:)`:
/// it forwards every callback to the pre-existing delegate, then sends the OnKit event.
///
/// Order: for callbacks that notify, the pre-existing delegate first (it was there first), then
/// the handlers. For callbacks that answer, the handlers are asked first, synchronously on the
/// delegate queue (so they run there even if the delegate answers later, from elsewhere), then
/// the delegate, through a `DelegateReply`; the completion handler URLSession gave is called
/// exactly once, with `combine(delegate's answer, handlers' answer)`. (`needNewBodyStream` is
/// the exception: single-use streams, so the delegate first and the handlers only if it has
/// none.)
///
/// Lifetime: URLSession retains its delegate until invalidation; this proxy mirrors that for
/// the pre-existing delegate: it holds it strongly and lets it go in
/// `urlSession(_:didBecomeInvalidWithError:)`, where it also releases every handler.
final class URLSessionDelegateProxy: NSObject, Sendable {
    let events: URLSessionEvents
    private let forwardee: Locked<(any URLSessionDelegate)?>

    init(events: URLSessionEvents, forwardingTo delegate: (any URLSessionDelegate)?) {
        self.events = events
        forwardee = Locked(delegate)
    }

    /// The pre-existing delegate, until the session is invalid.
    var delegate: (any URLSessionDelegate)? { forwardee.withLock { $0 } }
    private var taskDelegate: (any URLSessionTaskDelegate)? { delegate as? any URLSessionTaskDelegate }
    private var dataDelegate: (any URLSessionDataDelegate)? { delegate as? any URLSessionDataDelegate }
    private var downloadDelegate: (any URLSessionDownloadDelegate)? { delegate as? any URLSessionDownloadDelegate }

    /// Asks the delegate (through `askDelegate`, which returns false when there is no delegate
    /// or it does not implement the method) and completes once with `combine(delegate, handlers)`.
    private func complete<Answer: Sendable>(
        handlersAnswer: Answer,
        combine: @escaping @Sendable (Answer, Answer) -> Answer,
        askDelegate: (DelegateReply<Answer>) -> Bool,
        completion: @escaping @Sendable (Answer) -> Void
    ) {
        let reply = DelegateReply<Answer> { delegateAnswer in
            completion(delegateAnswer.map { combine($0, handlersAnswer) } ?? handlersAnswer)
        }
        if !askDelegate(reply) { reply.abstain() }
    }
}

// MARK: - URLSessionDelegate

extension URLSessionDelegateProxy: URLSessionDelegate {
    func urlSession(_ session: URLSession, didBecomeInvalidWithError error: (any Error)?) {
        let delegate = forwardee.withLock { forwardee in
            let taken = forwardee
            forwardee = nil  // released below, after the lock: URLSession lets go of it here too
            return taken
        }
        #if canImport(ObjectiveC)
        delegate?.urlSession?(session, didBecomeInvalidWithError: error)
        #else
        delegate?.urlSession(session, didBecomeInvalidWithError: error)
        #endif
        events.didBecomeInvalid.send(session, error)
        // Nothing is sent after this. Detach the events from the session first (a registration
        // racing with this then lands in events only this proxy holds, released with it), then
        // release the handlers and what they capture now, whoever still holds the session.
        session.on.detachEvents()
        events.removeAllHandlers()
    }

    #if canImport(ObjectiveC)
    // Apple only (background sessions): forwarded, no event.
    func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {
        delegate?.urlSessionDidFinishEvents?(forBackgroundURLSession: session)
    }
    #endif

    func urlSession(
        _ session: URLSession,
        didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        let delegate = delegate
        complete(
            handlersAnswer: events.didReceiveChallenge.ask(session, (nil, challenge)),
            combine: ChallengeAnswer.combine,
            askDelegate: { reply in
                #if canImport(ObjectiveC)
                delegate?.urlSession?(session, didReceive: challenge) { reply(ChallengeAnswer(disposition: $0, credential: $1)) } != nil
                #else
                delegate?.urlSession(session, didReceive: challenge) { reply(ChallengeAnswer(disposition: $0, credential: $1)) } != nil
                #endif
            },
            completion: { answer in
                let answer = answer.safeForFoundation
                completionHandler(answer.disposition, answer.credential)
            }
        )
    }
}

// MARK: - URLSessionTaskDelegate

extension URLSessionDelegateProxy: URLSessionTaskDelegate {
    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let delegate = taskDelegate
        let handlersAnswer = events.willPerformHTTPRedirection.ask(session, (task, response, request))
        complete(
            handlersAnswer: handlersAnswer,
            combine: Replacement.combine,
            askDelegate: { reply in
                #if canImport(ObjectiveC)
                delegate?.urlSession?(session, task: task, willPerformHTTPRedirection: response, newRequest: request) {
                    reply(Replacement($0))
                } != nil
                #else
                delegate?.urlSession(session, task: task, willPerformHTTPRedirection: response, newRequest: request) {
                    reply(Replacement($0))
                } != nil
                #endif
            },
            // Nobody answered: follow the redirect as proposed (URLSession's default).
            completion: { completionHandler($0.map(\.value) ?? request) }
        )
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        let delegate = taskDelegate
        complete(
            handlersAnswer: events.didReceiveChallenge.ask(session, (task, challenge)),
            combine: ChallengeAnswer.combine,
            askDelegate: { reply in
                #if canImport(ObjectiveC)
                delegate?.urlSession?(session, task: task, didReceive: challenge) {
                    reply(ChallengeAnswer(disposition: $0, credential: $1))
                } != nil
                #else
                delegate?.urlSession(session, task: task, didReceive: challenge) {
                    reply(ChallengeAnswer(disposition: $0, credential: $1))
                } != nil
                #endif
            },
            completion: { answer in
                let answer = answer.safeForFoundation
                completionHandler(answer.disposition, answer.credential)
            }
        )
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void
    ) {
        // Streams are single-use: ask the delegate first and the handlers only if it has none,
        // so that no stream is made to be thrown away.
        let events = events
        let reply = DelegateReply<InputStream?> { stream in
            completionHandler((stream ?? nil) ?? events.needNewBodyStream.ask(session, task))
        }
        #if canImport(ObjectiveC)
        let asked = taskDelegate?.urlSession?(session, task: task, needNewBodyStream: { reply($0) }) != nil
        #else
        let asked = taskDelegate?.urlSession(session, task: task, needNewBodyStream: { reply($0) }) != nil
        #endif
        if !asked { reply.abstain() }
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        didSendBodyData bytesSent: Int64,
        totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        #if canImport(ObjectiveC)
        taskDelegate?.urlSession?(
            session, task: task, didSendBodyData: bytesSent,
            totalBytesSent: totalBytesSent, totalBytesExpectedToSend: totalBytesExpectedToSend
        )
        #else
        taskDelegate?.urlSession(
            session, task: task, didSendBodyData: bytesSent,
            totalBytesSent: totalBytesSent, totalBytesExpectedToSend: totalBytesExpectedToSend
        )
        #endif
        let progress = URLTransferProgress(
            bytes: bytesSent, totalBytes: totalBytesSent, totalBytesExpected: totalBytesExpectedToSend
        )
        events.didSendBodyData.send(session, (task, progress))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        #if canImport(ObjectiveC)
        taskDelegate?.urlSession?(session, task: task, didCompleteWithError: error)
        #else
        taskDelegate?.urlSession(session, task: task, didCompleteWithError: error)
        #endif
        events.didComplete.send(session, (task, error))
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willBeginDelayedRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLSession.DelayedRequestDisposition, URLRequest?) -> Void
    ) {
        // Forwarded only (no event): the delegate decides; without one, continue loading.
        let reply = DelegateReply<(URLSession.DelayedRequestDisposition, URLRequest?)> { answer in
            let (disposition, newRequest) = answer ?? (.continueLoading, nil)
            completionHandler(disposition, newRequest)
        }
        #if canImport(ObjectiveC)
        let asked = taskDelegate?.urlSession?(session, task: task, willBeginDelayedRequest: request) {
            reply(($0, $1))
        } != nil
        #else
        let asked = taskDelegate?.urlSession(session, task: task, willBeginDelayedRequest: request) {
            reply(($0, $1))
        } != nil
        #endif
        if !asked { reply.abstain() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didFinishCollecting metrics: URLSessionTaskMetrics) {
        #if canImport(ObjectiveC)
        taskDelegate?.urlSession?(session, task: task, didFinishCollecting: metrics)
        #else
        taskDelegate?.urlSession(session, task: task, didFinishCollecting: metrics)
        #endif
        events.didFinishCollectingMetrics.send(session, (task, metrics))
    }

    #if canImport(ObjectiveC)
    // Apple only: not declared by swift-corelibs-foundation.
    func urlSession(_ session: URLSession, taskIsWaitingForConnectivity task: URLSessionTask) {
        taskDelegate?.urlSession?(session, taskIsWaitingForConnectivity: task)
        events.taskIsWaitingForConnectivity.send(session, task)
    }

    // Apple only, forwarded with no event, so that a pre-existing delegate keeps them.
    func urlSession(_ session: URLSession, didCreateTask task: URLSessionTask) {
        taskDelegate?.urlSession?(session, didCreateTask: task)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didReceiveInformationalResponse response: HTTPURLResponse) {
        taskDelegate?.urlSession?(session, task: task, didReceiveInformationalResponse: response)
    }
    #endif
}

// MARK: - URLSessionDataDelegate

extension URLSessionDelegateProxy: URLSessionDataDelegate {
    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let delegate = dataDelegate
        complete(
            handlersAnswer: events.didReceiveResponse.ask(session, (dataTask, response)),
            combine: URLSession.ResponseDisposition.combine,
            askDelegate: { reply in
                #if canImport(ObjectiveC)
                delegate?.urlSession?(session, dataTask: dataTask, didReceive: response) { reply($0) } != nil
                #else
                delegate?.urlSession(session, dataTask: dataTask, didReceive: response) { reply($0) } != nil
                #endif
            },
            completion: completionHandler
        )
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        #if canImport(ObjectiveC)
        dataDelegate?.urlSession?(session, dataTask: dataTask, didReceive: data)
        #else
        dataDelegate?.urlSession(session, dataTask: dataTask, didReceive: data)
        #endif
        events.didReceiveData.send(session, (dataTask, data))
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didBecome downloadTask: URLSessionDownloadTask
    ) {
        #if canImport(ObjectiveC)
        dataDelegate?.urlSession?(session, dataTask: dataTask, didBecome: downloadTask)
        #else
        dataDelegate?.urlSession(session, dataTask: dataTask, didBecome: downloadTask)
        #endif
        events.didBecomeDownloadTask.send(session, (dataTask, downloadTask))
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didBecome streamTask: URLSessionStreamTask
    ) {
        // Forwarded only: stream tasks are unavailable in swift-corelibs-foundation.
        #if canImport(ObjectiveC)
        dataDelegate?.urlSession?(session, dataTask: dataTask, didBecome: streamTask)
        #else
        dataDelegate?.urlSession(session, dataTask: dataTask, didBecome: streamTask)
        #endif
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        willCacheResponse proposedResponse: CachedURLResponse,
        completionHandler: @escaping @Sendable (CachedURLResponse?) -> Void
    ) {
        let delegate = dataDelegate
        complete(
            handlersAnswer: events.willCacheResponse.ask(session, (dataTask, proposedResponse)),
            combine: Replacement.combine,
            askDelegate: { reply in
                #if canImport(ObjectiveC)
                delegate?.urlSession?(session, dataTask: dataTask, willCacheResponse: proposedResponse) {
                    reply(Replacement($0))
                } != nil
                #else
                delegate?.urlSession(session, dataTask: dataTask, willCacheResponse: proposedResponse) {
                    reply(Replacement($0))
                } != nil
                #endif
            },
            // Nobody answered: cache as proposed (URLSession's default).
            completion: { completionHandler($0.map(\.value) ?? proposedResponse) }
        )
    }
}

// MARK: - URLSessionDownloadDelegate

extension URLSessionDelegateProxy: URLSessionDownloadDelegate {
    func urlSession(
        _ session: URLSession,
        downloadTask: URLSessionDownloadTask,
        didFinishDownloadingTo location: URL
    ) {
        // Required by the protocol, so no optional chaining on Apple platforms either.
        downloadDelegate?.urlSession(session, downloadTask: downloadTask, didFinishDownloadingTo: location)
        events.didFinishDownloading.send(session, (downloadTask, location))
    }

    func urlSession(
        _ session: URLSession,
        downloadTask: URLSessionDownloadTask,
        didWriteData bytesWritten: Int64,
        totalBytesWritten: Int64,
        totalBytesExpectedToWrite: Int64
    ) {
        #if canImport(ObjectiveC)
        downloadDelegate?.urlSession?(
            session, downloadTask: downloadTask, didWriteData: bytesWritten,
            totalBytesWritten: totalBytesWritten, totalBytesExpectedToWrite: totalBytesExpectedToWrite
        )
        #else
        downloadDelegate?.urlSession(
            session, downloadTask: downloadTask, didWriteData: bytesWritten,
            totalBytesWritten: totalBytesWritten, totalBytesExpectedToWrite: totalBytesExpectedToWrite
        )
        #endif
        let progress = URLTransferProgress(
            bytes: bytesWritten, totalBytes: totalBytesWritten, totalBytesExpected: totalBytesExpectedToWrite
        )
        events.didWriteData.send(session, (downloadTask, progress))
    }

    func urlSession(
        _ session: URLSession,
        downloadTask: URLSessionDownloadTask,
        didResumeAtOffset fileOffset: Int64,
        expectedTotalBytes: Int64
    ) {
        // Forwarded only: swift-corelibs-foundation has no resume data, so never calls it.
        #if canImport(ObjectiveC)
        downloadDelegate?.urlSession?(
            session, downloadTask: downloadTask, didResumeAtOffset: fileOffset, expectedTotalBytes: expectedTotalBytes
        )
        #else
        downloadDelegate?.urlSession(
            session, downloadTask: downloadTask, didResumeAtOffset: fileOffset, expectedTotalBytes: expectedTotalBytes
        )
        #endif
    }
}

// MARK: - URLSessionWebSocketDelegate

extension URLSessionDelegateProxy: URLSessionWebSocketDelegate {
    func urlSession(
        _ session: URLSession,
        webSocketTask: URLSessionWebSocketTask,
        didOpenWithProtocol protocol: String?
    ) {
        // Forwarded only, so that a pre-existing WebSocket delegate keeps working.
        #if canImport(ObjectiveC)
        (delegate as? any URLSessionWebSocketDelegate)?.urlSession?(
            session, webSocketTask: webSocketTask, didOpenWithProtocol: `protocol`
        )
        #else
        (delegate as? any URLSessionWebSocketDelegate)?.urlSession(
            session, webSocketTask: webSocketTask, didOpenWithProtocol: `protocol`
        )
        #endif
    }

    func urlSession(
        _ session: URLSession,
        webSocketTask: URLSessionWebSocketTask,
        didCloseWith closeCode: URLSessionWebSocketTask.CloseCode,
        reason: Data?
    ) {
        #if canImport(ObjectiveC)
        (delegate as? any URLSessionWebSocketDelegate)?.urlSession?(
            session, webSocketTask: webSocketTask, didCloseWith: closeCode, reason: reason
        )
        #else
        (delegate as? any URLSessionWebSocketDelegate)?.urlSession(
            session, webSocketTask: webSocketTask, didCloseWith: closeCode, reason: reason
        )
        #endif
    }
}
