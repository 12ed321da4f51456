#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Foundation
@_spi(OnKitInternal) import OnKit
import Synchronization

/// The answer to an authentication challenge, as URLSession's completion handler takes it.
typealias ChallengeAnswer = (disposition: URLSession.AuthChallengeDisposition, credential: URLCredential?)
typealias ChallengeReply = DelegateReply<ChallengeAnswer>
typealias DelayedRequestReply = DelegateReply<(URLSession.DelayedRequestDisposition, URLRequest?)>

/// The delegate of a session made by `URLSession.on(configuration:delegate:delegateQueue:)`.
///
/// It follows the delegate base's rules (`DelegateProxy`, in OnKit): the delegate given at
/// creation — the forward target, held strongly by `DelegateForwarding` as URLSession holds its
/// delegate, until the session is invalid — gets every callback first, then the handlers run.
/// A callback that answers through a completion handler asks the forward target first, then the
/// handlers, folding their answers by the callback's rule, and calls URLSession's completion
/// handler exactly once (`Decision.reply`). Handlers run on the session's delegate queue, also
/// when the forward target answers later from another thread.
///
/// It does not conform to `DelegateProxy`: a session's delegate is fixed when it is made, so
/// there is no delegate slot to install into and no proxy to make on first use.
/// `URLSession.on(…)` makes it, and stores it on the session (`key`) for `session.on` to find,
/// until the session is invalid. It never references the session.
final class URLSessionDelegateProxy: NSObject, Sendable {
    /// Where `session.on` finds the proxy of a session made by `URLSession.on(…)`.
    static let key = AssociationKey<URLSessionDelegateProxy?>("URLSession.delegateProxy")

    let forwarding: DelegateForwarding<any URLSessionDelegate>
    /// Set once the session is invalid, before the handlers are released: from then on every
    /// registration is refused (see `ReadOnlyDecision.finishing(when:)`).
    private let invalid = Atomic<Bool>(false)

    // URLSessionDelegate
    let didBecomeInvalid = Event<URLSession, (any Error)?>()
    let didReceiveChallenge = Decision<
        URLSession, (task: URLSessionTask?, challenge: URLAuthenticationChallenge), ChallengeAnswer
    >(
        default: (.performDefaultHandling, nil),
        combine: { earlier, later in earlier.disposition == .performDefaultHandling ? later : earlier },
        stopWhen: { $0.disposition != .performDefaultHandling }
    )

    // URLSessionTaskDelegate
    let willPerformHTTPRedirection = Decision<
        URLSession, (task: URLSessionTask, response: HTTPURLResponse, newRequest: URLRequest), URLRequest?
    >.refusalWinsElseLast()
    let needNewBodyStream = Decision<URLSession, URLSessionTask, InputStream?>.firstNonNil()
    let didSendBodyData = Event<URLSession, (task: URLSessionTask, progress: URLTransferProgress)>()
    let didComplete = Event<URLSession, (task: URLSessionTask, error: (any Error)?)>()
    let didFinishCollectingMetrics = Event<URLSession, (task: URLSessionTask, metrics: URLSessionTaskMetrics)>()
    #if canImport(ObjectiveC)
    let taskIsWaitingForConnectivity = Event<URLSession, URLSessionTask>()
    #endif

    // URLSessionDataDelegate
    let didReceiveResponse = Decision<
        URLSession, (task: URLSessionDataTask, response: URLResponse), URLSession.ResponseDisposition
    >(
        default: .allow,
        combine: { earlier, later in
            if earlier == .cancel || later == .cancel { return .cancel }
            return earlier == .allow ? later : earlier
        },
        stopWhen: { $0 == .cancel }
    )
    let didReceiveData = Event<URLSession, (task: URLSessionDataTask, data: Data)>()
    let didBecomeDownloadTask = Event<URLSession, (task: URLSessionDataTask, downloadTask: URLSessionDownloadTask)>()
    let willCacheResponse = Decision<
        URLSession, (task: URLSessionDataTask, proposedResponse: CachedURLResponse), CachedURLResponse?
    >.refusalWinsElseLast()

    // URLSessionDownloadDelegate
    let didWriteData = Event<URLSession, (task: URLSessionDownloadTask, progress: URLTransferProgress)>()
    let didFinishDownloading = Event<URLSession, (task: URLSessionDownloadTask, location: URL)>()

    /// - Parameter delegate: the forward target, until the session is invalid.
    init(forwardingTo delegate: (any URLSessionDelegate)?) {
        forwarding = DelegateForwarding(ownership: .strong, target: delegate)
    }

    /// Whether the session is invalid: nothing is sent any more.
    var isInvalid: Bool { invalid.load(ordering: .sequentiallyConsistent) }

    private var delegate: (any URLSessionDelegate)? { forwarding.target }
    private var taskDelegate: (any URLSessionTaskDelegate)? { delegate as? any URLSessionTaskDelegate }
    private var dataDelegate: (any URLSessionDataDelegate)? { delegate as? any URLSessionDataDelegate }
    private var downloadDelegate: (any URLSessionDownloadDelegate)? { delegate as? any URLSessionDownloadDelegate }
    private var webSocketDelegate: (any URLSessionWebSocketDelegate)? { delegate as? any URLSessionWebSocketDelegate }

    /// Ends the session's events: registrations are refused from now on, every handler (and what
    /// it captures) and the forward target are released, and the proxy leaves the session.
    private func finish(_ session: URLSession) {
        // The flag first: a registration racing with this is then removed below or refused.
        invalid.store(true, ordering: .sequentiallyConsistent)
        didBecomeInvalid.removeAll()
        didReceiveChallenge.removeAll()
        willPerformHTTPRedirection.removeAll()
        needNewBodyStream.removeAll()
        didSendBodyData.removeAll()
        didComplete.removeAll()
        didFinishCollectingMetrics.removeAll()
        #if canImport(ObjectiveC)
        taskIsWaitingForConnectivity.removeAll()
        #endif
        didReceiveResponse.removeAll()
        didReceiveData.removeAll()
        didBecomeDownloadTask.removeAll()
        willCacheResponse.removeAll()
        didWriteData.removeAll()
        didFinishDownloading.removeAll()
        forwarding.releaseTarget()  // URLSession lets go of its delegate now too
        session.on[Self.key] = nil
    }
}

extension Decision {
    /// A refusal (`nil`) from anyone wins and stops the asking; otherwise the last value wins.
    /// For callbacks that replace a proposed value (a redirect's request, a response to cache).
    fileprivate static func refusalWinsElseLast<Value>() -> Decision where Answer == Value? {
        // The default is never used: the proxy answers the proposed value when nobody answered.
        Decision(default: nil, combine: { earlier, later in earlier == nil ? nil : later }, stopWhen: { $0 == nil })
    }
}

extension Decision where Sender == URLSession, Args: Sendable {
    /// `reply(…)`, with the handlers run where URLSession called the proxy when the delegate
    /// answers inside its method (the usual case), and on the session's delegate queue when it
    /// answers later, from elsewhere.
    ///
    /// Why not always the delegate queue: on Linux, URLSession calls some of these methods (a
    /// streamed upload's `needNewBodyStream`) on its own work queue, inside libcurl's callbacks,
    /// and expects the completion handler there. Completing from the delegate queue instead made
    /// Foundation call libcurl from two threads at once, which stops the process
    /// ("libcurl.multi Code=8" in `_MultiHandle.updateTimeoutTimer`, 6 runs in 16 of the
    /// streamed-upload test).
    fileprivate func reply(
        _ session: URLSession,
        _ args: Args,
        askingFirst askForwardTarget: (DelegateReply<Answer>) -> Bool,
        completion: @escaping @Sendable (Answer?) -> Void
    ) {
        let inside = CallbackScope()
        reply(
            session, args, askingFirst: askForwardTarget,
            resumingOn: { work in inside.isCurrent ? work() : session.onDelegateQueue(work) },
            completion: completion
        )
        inside.end()
    }
}

/// Whether code runs inside the delegate method that made this scope, on its thread.
private final class CallbackScope: Sendable {
    private let thread = CallbackScope.currentThread()
    private let open = Atomic<Bool>(true)

    var isCurrent: Bool { open.load(ordering: .acquiring) && thread == CallbackScope.currentThread() }

    func end() { open.store(false, ordering: .releasing) }

    /// The calling thread's identity, as a plain number (`pthread_t` is a pointer on Darwin).
    private static func currentThread() -> UInt {
        #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
        #else
        UInt(pthread_self())
        #endif
    }
}

extension URLSession {
    /// Runs `work` on the delegate queue: at once when already there (a delegate that answers
    /// inside its method: the usual case), otherwise enqueued there.
    fileprivate func onDelegateQueue(_ work: @escaping @Sendable () -> Void) {
        let queue = delegateQueue
        if OperationQueue.current === queue { work() } else { queue.addOperation(work) }
    }
}

/// On Linux, swift-corelibs-foundation force-unwraps the credential of `.useCredential`: a nil
/// one becomes default handling.
private func safeForFoundation(_ answer: ChallengeAnswer) -> ChallengeAnswer {
    #if canImport(ObjectiveC)
    answer
    #else
    answer.disposition == .useCredential && answer.credential == nil ? (.performDefaultHandling, nil) : answer
    #endif
}

// MARK: - URLSessionDelegate

extension URLSessionDelegateProxy: URLSessionDelegate {
    func urlSession(_ session: URLSession, didBecomeInvalidWithError error: (any Error)?) {
        delegate?.forwardDidBecomeInvalid(session, error)
        didBecomeInvalid.send(session, error)
        finish(session)  // URLSession's last call
    }

    func urlSession(
        _ session: URLSession,
        didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        let delegate = delegate
        didReceiveChallenge.reply(session, (nil, challenge), askingFirst: { delegate?.forwardChallenge(session, challenge, $0) ?? false }) {
            let answer = safeForFoundation($0 ?? (.performDefaultHandling, nil))
            completionHandler(answer.disposition, answer.credential)
        }
    }

    #if canImport(ObjectiveC)
    // Apple only (background sessions): forwarded, no event.
    func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {
        delegate?.forwardDidFinishEvents(session)
    }
    #endif
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
        willPerformHTTPRedirection.reply(
            session, (task, response, request),
            askingFirst: { delegate?.forwardRedirection(session, task, response, request, $0) ?? false }
        ) { completionHandler($0 ?? request) }  // nobody answered: follow it (URLSession's default)
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        let delegate = taskDelegate
        didReceiveChallenge.reply(session, (task, challenge), askingFirst: { delegate?.forwardChallenge(session, task, challenge, $0) ?? false }) {
            let answer = safeForFoundation($0 ?? (.performDefaultHandling, nil))
            completionHandler(answer.disposition, answer.credential)
        }
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void
    ) {
        let delegate = taskDelegate
        needNewBodyStream.reply(session, task, askingFirst: { delegate?.forwardNeedNewBodyStream(session, task, $0) ?? false }) {
            completionHandler($0 ?? nil)
        }
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        didSendBodyData bytesSent: Int64,
        totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        let progress = URLTransferProgress(bytes: bytesSent, totalBytes: totalBytesSent, totalBytesExpected: totalBytesExpectedToSend)
        taskDelegate?.forwardDidSendBodyData(session, task, progress)
        didSendBodyData.send(session, (task, progress))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        taskDelegate?.forwardDidComplete(session, task, error)
        didComplete.send(session, (task, error))
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willBeginDelayedRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLSession.DelayedRequestDisposition, URLRequest?) -> Void
    ) {
        // Forwarded only (no event): the delegate decides; without one, continue loading.
        let delegate = taskDelegate
        DelayedRequestReply.ask({ delegate?.forwardDelayedRequest(session, task, request, $0) ?? false }) { answer in
            let (disposition, newRequest) = answer ?? (.continueLoading, nil)
            completionHandler(disposition, newRequest)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didFinishCollecting metrics: URLSessionTaskMetrics) {
        taskDelegate?.forwardDidFinishCollecting(session, task, metrics)
        didFinishCollectingMetrics.send(session, (task, metrics))
    }

    #if canImport(ObjectiveC)
    // Apple only: not declared by swift-corelibs-foundation.
    func urlSession(_ session: URLSession, taskIsWaitingForConnectivity task: URLSessionTask) {
        taskDelegate?.forwardIsWaitingForConnectivity(session, task)
        taskIsWaitingForConnectivity.send(session, task)
    }

    // Apple only, forwarded with no event, so that a pre-existing delegate keeps them.
    func urlSession(_ session: URLSession, didCreateTask task: URLSessionTask) {
        taskDelegate?.forwardDidCreateTask(session, task)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didReceiveInformationalResponse response: HTTPURLResponse) {
        taskDelegate?.forwardInformationalResponse(session, task, response)
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
        didReceiveResponse.reply(session, (dataTask, response), askingFirst: { delegate?.forwardResponse(session, dataTask, response, $0) ?? false }) {
            completionHandler($0 ?? .allow)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        dataDelegate?.forwardData(session, dataTask, data)
        didReceiveData.send(session, (dataTask, data))
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didBecome downloadTask: URLSessionDownloadTask) {
        dataDelegate?.forwardDidBecome(session, dataTask, downloadTask)
        didBecomeDownloadTask.send(session, (dataTask, downloadTask))
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didBecome streamTask: URLSessionStreamTask) {
        // Forwarded only: stream tasks are unavailable in swift-corelibs-foundation.
        dataDelegate?.forwardDidBecome(session, dataTask, streamTask)
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        willCacheResponse proposedResponse: CachedURLResponse,
        completionHandler: @escaping @Sendable (CachedURLResponse?) -> Void
    ) {
        let delegate = dataDelegate
        willCacheResponse.reply(
            session, (dataTask, proposedResponse),
            askingFirst: { delegate?.forwardWillCache(session, dataTask, proposedResponse, $0) ?? false }
        ) { completionHandler($0 ?? proposedResponse) }  // nobody answered: cache as proposed
    }
}

// MARK: - URLSessionDownloadDelegate

extension URLSessionDelegateProxy: URLSessionDownloadDelegate {
    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
        downloadDelegate?.forwardDidFinishDownloading(session, downloadTask, location)
        didFinishDownloading.send(session, (downloadTask, location))
    }

    func urlSession(
        _ session: URLSession,
        downloadTask: URLSessionDownloadTask,
        didWriteData bytesWritten: Int64,
        totalBytesWritten: Int64,
        totalBytesExpectedToWrite: Int64
    ) {
        let progress = URLTransferProgress(bytes: bytesWritten, totalBytes: totalBytesWritten, totalBytesExpected: totalBytesExpectedToWrite)
        downloadDelegate?.forwardDidWriteData(session, downloadTask, progress)
        didWriteData.send(session, (downloadTask, progress))
    }

    func urlSession(
        _ session: URLSession,
        downloadTask: URLSessionDownloadTask,
        didResumeAtOffset fileOffset: Int64,
        expectedTotalBytes: Int64
    ) {
        // Forwarded only: swift-corelibs-foundation has no resume data, so never calls it.
        downloadDelegate?.forwardDidResume(session, downloadTask, fileOffset, expectedTotalBytes)
    }
}

// MARK: - URLSessionWebSocketDelegate

extension URLSessionDelegateProxy: URLSessionWebSocketDelegate {
    // Forwarded only, so that a pre-existing WebSocket delegate keeps working.
    func urlSession(_ session: URLSession, webSocketTask: URLSessionWebSocketTask, didOpenWithProtocol protocol: String?) {
        webSocketDelegate?.forwardDidOpen(session, webSocketTask, `protocol`)
    }

    func urlSession(
        _ session: URLSession,
        webSocketTask: URLSessionWebSocketTask,
        didCloseWith closeCode: URLSessionWebSocketTask.CloseCode,
        reason: Data?
    ) {
        webSocketDelegate?.forwardDidClose(session, webSocketTask, closeCode, reason)
    }
}
