import Foundation
@_spi(OnKitInternal) import OnKit
import Synchronization

/// The answer to an authentication challenge, as URLSession's completion handler takes it.
typealias ChallengeAnswer = (disposition: URLSession.AuthChallengeDisposition, credential: URLCredential?)
typealias ChallengeCompletion = @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void

/// The delegate of a session made by `URLSession.on(configuration:delegate:delegateQueue:)`,
/// following the rules of `DelegateProxy` and answering through `Decision.reply`. Not a
/// `DelegateProxy`: a session's delegate is fixed when it is made, so there is no slot to install
/// into. Until the session is invalid, it is stored on the session (`key`), never referencing it,
/// and holds the delegate given at creation strongly, as URLSession does.
final class URLSessionDelegateProxy: NSObject, Sendable {
    static let key = AssociationKey<URLSessionDelegateProxy?>("URLSession.delegateProxy")

    let forwarding: DelegateForwarding<any URLSessionDelegate>
    /// Set once the session is invalid, before its sources finish (`sendsEvents`).
    private let invalid = Atomic<Bool>(false)

    let didBecomeInvalid = Event<URLSession, (any Error)?>()
    let didReceiveChallenge = Decision<
        URLSession, URLSessionChallenge, ChallengeAnswer
    >(
        default: (.performDefaultHandling, nil),
        combine: { earlier, later in earlier.disposition == .performDefaultHandling ? later : earlier },
        stopWhen: { $0.disposition != .performDefaultHandling }
    )
    let willPerformHTTPRedirection = Decision<
        URLSession, URLSessionRedirection, URLRequest?
    >.refusalWinsElseLast()
    let needNewBodyStream = Decision<URLSession, URLSessionTask, InputStream?>.firstNonNil()
    let didSendBodyData = Event<URLSession, URLSessionTaskProgress<URLSessionTask>>()
    let didComplete = Event<URLSession, URLSessionTaskCompletion>()
    let didFinishCollectingMetrics = Event<URLSession, URLSessionTaskMetricsReport>()
    #if canImport(ObjectiveC)
    let taskIsWaitingForConnectivity = Event<URLSession, URLSessionTask>()
    #endif
    let didReceiveResponse = Decision<
        URLSession, URLSessionDataResponse, URLSession.ResponseDisposition
    >(
        default: .allow,
        combine: { earlier, later in
            if earlier == .cancel || later == .cancel { return .cancel }
            return earlier == .allow ? later : earlier
        },
        stopWhen: { $0 == .cancel }
    )
    let didReceiveData = Event<URLSession, URLSessionReceivedData>()
    let didBecomeDownloadTask = Event<URLSession, URLSessionDownloadConversion>()
    let willCacheResponse = Decision<
        URLSession, URLSessionCacheProposal, CachedURLResponse?
    >.refusalWinsElseLast()
    let didWriteData = Event<URLSession, URLSessionTaskProgress<URLSessionDownloadTask>>()
    let didFinishDownloading = Event<URLSession, URLSessionFinishedDownload>()

    init(forwardingTo delegate: (any URLSessionDelegate)?) {
        forwarding = DelegateForwarding(ownership: .strong, target: delegate)
    }

    /// Whether the session is invalid: nothing is sent any more.
    var isInvalid: Bool { invalid.load(ordering: .sequentiallyConsistent) }

    // The forward target, called with the protocols' own spellings on every platform; a method
    // answering through a completion handler returns `nil` when the target was not asked.
    // Each calls `body` with the delegate (`DelegateForwarding.forward`) as that protocol.
    #if canImport(ObjectiveC)
    @discardableResult
    private func delegate<R>(_ site: StaticString = #function, _ body: (URLSessionOptionalMethods) -> R?) -> R? {
        forwarding.answer(site) { body(URLSessionOptionalMethods(delegate: $0)) }
    }
    @discardableResult
    private func taskDelegate<R>(_ site: StaticString = #function, _ body: (URLSessionOptionalMethods) -> R?) -> R? {
        delegate(site, body)
    }
    @discardableResult
    private func dataDelegate<R>(_ site: StaticString = #function, _ body: (URLSessionOptionalMethods) -> R?) -> R? {
        delegate(site, body)
    }
    @discardableResult
    private func downloadDelegate<R>(_ site: StaticString = #function, _ body: (URLSessionOptionalMethods) -> R?) -> R? {
        delegate(site, body)
    }
    @discardableResult
    private func webSocketDelegate<R>(_ site: StaticString = #function, _ body: (URLSessionOptionalMethods) -> R?) -> R? {
        delegate(site, body)
    }
    #else
    @discardableResult
    private func delegate<R>(_ site: StaticString = #function, _ body: (any URLSessionDelegate) -> R?) -> R? {
        forwarding.answer(site, body)
    }
    @discardableResult
    private func taskDelegate<R>(_ site: StaticString = #function, _ body: (any URLSessionTaskDelegate) -> R?) -> R? {
        forwarding.answer(site) { ($0 as? any URLSessionTaskDelegate).flatMap(body) }
    }
    @discardableResult
    private func dataDelegate<R>(_ site: StaticString = #function, _ body: (any URLSessionDataDelegate) -> R?) -> R? {
        forwarding.answer(site) { ($0 as? any URLSessionDataDelegate).flatMap(body) }
    }
    @discardableResult
    private func downloadDelegate<R>(_ site: StaticString = #function, _ body: (any URLSessionDownloadDelegate) -> R?) -> R? {
        forwarding.answer(site) { ($0 as? any URLSessionDownloadDelegate).flatMap(body) }
    }
    @discardableResult
    private func webSocketDelegate<R>(_ site: StaticString = #function, _ body: (any URLSessionWebSocketDelegate) -> R?) -> R? {
        forwarding.answer(site) { ($0 as? any URLSessionWebSocketDelegate).flatMap(body) }
    }
    #endif

    /// Ends the session's events: registrations are refused from now on, the handlers and the
    /// forward target are released, and the proxy leaves the session.
    private func finish(_ session: URLSession) {
        // The flag first: a registration racing with this is then removed below or refused.
        invalid.store(true, ordering: .sequentiallyConsistent)
        var sources: [any Subscribable] = [
            didBecomeInvalid, didReceiveChallenge, willPerformHTTPRedirection, needNewBodyStream, didSendBodyData,
            didComplete, didFinishCollectingMetrics, didReceiveResponse, didReceiveData, didBecomeDownloadTask,
            willCacheResponse, didWriteData, didFinishDownloading,
        ]
        #if canImport(ObjectiveC)
        sources.append(taskIsWaitingForConnectivity)
        #endif
        for source in sources { source.finish() }
        forwarding.releaseTarget()  // URLSession lets go of its delegate now too
        session.on[Self.key] = nil
    }
}

extension Decision {
    /// A refusal (`nil`) from anyone wins and stops the asking; otherwise the last value wins.
    fileprivate static func refusalWinsElseLast<Value>() -> Decision where Answer == Value? {
        // The default is never used: the proxy answers the proposed value when nobody answered.
        Decision(default: nil, combine: { earlier, later in earlier == nil ? nil : later }, stopWhen: { $0 == nil })
    }
}

extension Decision where Sender == URLSession, Args: Sendable {
    /// `reply(…)`, with the handlers run where URLSession called the proxy when the delegate
    /// answers inside its method (the usual case), else on the session's delegate queue. Not
    /// always the queue: on Linux, URLSession calls some methods (`needNewBodyStream`) inside
    /// libcurl's callbacks and expects the completion there; completing from the queue made
    /// Foundation call libcurl from two threads at once ("libcurl.multi Code=8").
    ///
    /// `completion` reaches URLSession only while `waiting` still holds (`URLSessionWaits`).
    fileprivate func reply(
        _ session: URLSession, _ args: Args, while waiting: URLSessionWaits,
        askingFirst askForwardTarget: (DelegateReply<Answer>) -> Bool,
        completion: @escaping @Sendable (Answer?) -> Void
    ) {
        let inside = CallbackScope()
        reply(session, args, askingFirst: askForwardTarget, resumingOn: { work in
            guard !inside.isCurrent else { return work() }
            let queue = session.delegateQueue
            if OperationQueue.current === queue { work() } else { queue.addOperation(work) }
        }, completion: waiting.guarding(completion))
        inside.end()
    }
}

/// Whether URLSession still waits for the answer to one delegate call: while its task has
/// neither been cancelled nor completed, and, for a call without a task, while the session is
/// valid. Answering later stops the process on Linux: swift-corelibs-foundation traps on a
/// redirect answer it no longer waits for ("Received callback for HTTP redirection, but we're
/// not waiting for it"). That happens when a delegate keeps a completion handler and lets it go
/// uncalled after `invalidateAndCancel()` (the session releases its delegate then): the
/// `DelegateReply` would answer for it, for a task URLSession has cancelled. Such an answer is
/// dropped, as URLSession drops the call it cancelled; Apple's URLSession ignores it either way.
struct URLSessionWaits: Sendable {
    private let stillWaits: @Sendable () -> Bool

    /// While `task` runs (or is suspended).
    static func forTask(_ task: URLSessionTask) -> URLSessionWaits {
        URLSessionWaits { task.state == .running || task.state == .suspended }
    }

    /// While `proxy`'s session is valid: for the session-level challenge, which has no task.
    static func forSession(of proxy: URLSessionDelegateProxy) -> URLSessionWaits {
        URLSessionWaits { [weak proxy] in proxy.map { !$0.isInvalid } ?? false }
    }

    /// `completion`, called only while URLSession still waits.
    func guarding<Answer>(_ completion: @escaping @Sendable (Answer) -> Void) -> @Sendable (Answer) -> Void {
        { [stillWaits] answer in if stillWaits() { completion(answer) } }
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

/// Calls `completionHandler` with the folded answer, default handling when nobody answered. On
/// Linux, swift-corelibs-foundation force-unwraps the credential of `.useCredential`: a nil one
/// becomes default handling.
private func completing(_ completionHandler: @escaping ChallengeCompletion) -> @Sendable (ChallengeAnswer?) -> Void {
    { answer in
        let (disposition, credential) = answer ?? (.performDefaultHandling, nil)
        #if canImport(ObjectiveC)
        completionHandler(disposition, credential)
        #else
        completionHandler(disposition == .useCredential && credential == nil ? .performDefaultHandling : disposition, credential)
        #endif
    }
}

extension URLSessionDelegateProxy: URLSessionDelegate {
    func urlSession(_ session: URLSession, didBecomeInvalidWithError error: (any Error)?) {
        delegate { $0.urlSession(session, didBecomeInvalidWithError: error) }
        didBecomeInvalid.send(session, error)
        finish(session)  // URLSession's last call
    }

    func urlSession(
        _ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping ChallengeCompletion
    ) {
        didReceiveChallenge.reply(session, URLSessionChallenge(task: nil, challenge: challenge), while: .forSession(of: self), askingFirst: { reply in
            delegate { $0.urlSession(session, didReceive: challenge) { reply(($0, $1)) } } != nil
        }, completion: completing(completionHandler))
    }

    #if canImport(ObjectiveC)
    // Apple only (background sessions): forwarded, no event.
    func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {
        delegate { $0.urlSessionDidFinishEvents(forBackgroundURLSession: session) }
    }
    #endif
}

extension URLSessionDelegateProxy: URLSessionTaskDelegate {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        willPerformHTTPRedirection.reply(session, URLSessionRedirection(task: task, response: response, newRequest: request), while: .forTask(task), askingFirst: { reply in
            taskDelegate { $0.urlSession(session, task: task, willPerformHTTPRedirection: response, newRequest: request) {
                reply($0)
            } } != nil
        }) { completionHandler($0 ?? request) }  // nobody answered: follow it (URLSession's default)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping ChallengeCompletion
    ) {
        didReceiveChallenge.reply(session, URLSessionChallenge(task: task, challenge: challenge), while: .forTask(task), askingFirst: { reply in
            taskDelegate { $0.urlSession(session, task: task, didReceive: challenge) { reply(($0, $1)) } } != nil
        }, completion: completing(completionHandler))
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask,
        needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void
    ) {
        needNewBodyStream.reply(session, task, while: .forTask(task), askingFirst: { reply in
            taskDelegate { $0.urlSession(session, task: task, needNewBodyStream: { reply($0) }) } != nil
        }) { completionHandler($0 ?? nil) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        taskDelegate { $0.urlSession(
            session, task: task, didSendBodyData: bytesSent, totalBytesSent: totalBytesSent,
            totalBytesExpectedToSend: totalBytesExpectedToSend
        ) }
        let progress = URLTransferProgress(bytes: bytesSent, totalBytes: totalBytesSent, totalBytesExpected: totalBytesExpectedToSend)
        didSendBodyData.send(session, URLSessionTaskProgress(task: task, progress: progress))
    }
    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        taskDelegate { $0.urlSession(session, task: task, didCompleteWithError: error) }
        didComplete.send(session, URLSessionTaskCompletion(task: task, error: error))
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willBeginDelayedRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLSession.DelayedRequestDisposition, URLRequest?) -> Void
    ) {
        // Forwarded only (no event): the delegate decides; without one, continue loading.
        DelegateReply<(URLSession.DelayedRequestDisposition, URLRequest?)>.ask({ reply in
            taskDelegate { $0.urlSession(session, task: task, willBeginDelayedRequest: request) { reply(($0, $1)) } } != nil
        }, finish: URLSessionWaits.forTask(task).guarding { answer in
            let (disposition, newRequest) = answer ?? (.continueLoading, nil)
            completionHandler(disposition, newRequest)
        })
    }
    func urlSession(_ session: URLSession, task: URLSessionTask, didFinishCollecting metrics: URLSessionTaskMetrics) {
        taskDelegate { $0.urlSession(session, task: task, didFinishCollecting: metrics) }
        didFinishCollectingMetrics.send(session, URLSessionTaskMetricsReport(task: task, metrics: metrics))
    }

    #if canImport(ObjectiveC)
    // Apple only: not declared by swift-corelibs-foundation.
    func urlSession(_ session: URLSession, taskIsWaitingForConnectivity task: URLSessionTask) {
        taskDelegate { $0.urlSession(session, taskIsWaitingForConnectivity: task) }
        taskIsWaitingForConnectivity.send(session, task)
    }

    // Apple only, forwarded with no event, so that a pre-existing delegate keeps them.
    func urlSession(_ session: URLSession, didCreateTask task: URLSessionTask) {
        taskDelegate { $0.urlSession(session, didCreateTask: task) }
    }
    func urlSession(_ session: URLSession, task: URLSessionTask, didReceiveInformationalResponse response: HTTPURLResponse) {
        taskDelegate { $0.urlSession(session, task: task, didReceiveInformationalResponse: response) }
    }
    #endif
}

extension URLSessionDelegateProxy: URLSessionDataDelegate {
    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        didReceiveResponse.reply(session, URLSessionDataResponse(task: dataTask, response: response), while: .forTask(dataTask), askingFirst: { reply in
            dataDelegate { $0.urlSession(session, dataTask: dataTask, didReceive: response) { reply($0) } } != nil
        }) { completionHandler($0 ?? .allow) }
    }
    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        dataDelegate { $0.urlSession(session, dataTask: dataTask, didReceive: data) }
        didReceiveData.send(session, URLSessionReceivedData(task: dataTask, data: data))
    }
    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didBecome downloadTask: URLSessionDownloadTask) {
        dataDelegate { $0.urlSession(session, dataTask: dataTask, didBecome: downloadTask) }
        didBecomeDownloadTask.send(session, URLSessionDownloadConversion(task: dataTask, downloadTask: downloadTask))
    }
    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didBecome streamTask: URLSessionStreamTask) {
        // Forwarded only: stream tasks are unavailable in swift-corelibs-foundation.
        dataDelegate { $0.urlSession(session, dataTask: dataTask, didBecome: streamTask) }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, willCacheResponse proposedResponse: CachedURLResponse,
        completionHandler: @escaping @Sendable (CachedURLResponse?) -> Void
    ) {
        willCacheResponse.reply(session, URLSessionCacheProposal(task: dataTask, proposedResponse: proposedResponse), while: .forTask(dataTask), askingFirst: { reply in
            dataDelegate { $0.urlSession(session, dataTask: dataTask, willCacheResponse: proposedResponse) { reply($0) } } != nil
        }) { completionHandler($0 ?? proposedResponse) }  // nobody answered: cache as proposed
    }
}

extension URLSessionDelegateProxy: URLSessionDownloadDelegate {
    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
        downloadDelegate { $0.urlSession(session, downloadTask: downloadTask, didFinishDownloadingTo: location) }
        didFinishDownloading.send(session, URLSessionFinishedDownload(task: downloadTask, location: location))
    }

    func urlSession(
        _ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64,
        totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64
    ) {
        downloadDelegate { $0.urlSession(
            session, downloadTask: downloadTask, didWriteData: bytesWritten, totalBytesWritten: totalBytesWritten,
            totalBytesExpectedToWrite: totalBytesExpectedToWrite
        ) }
        let progress = URLTransferProgress(bytes: bytesWritten, totalBytes: totalBytesWritten, totalBytesExpected: totalBytesExpectedToWrite)
        didWriteData.send(session, URLSessionTaskProgress(task: downloadTask, progress: progress))
    }

    func urlSession(
        _ session: URLSession, downloadTask: URLSessionDownloadTask, didResumeAtOffset fileOffset: Int64,
        expectedTotalBytes: Int64
    ) {
        // Forwarded only: swift-corelibs-foundation has no resume data, so never calls it.
        downloadDelegate { $0.urlSession(session, downloadTask: downloadTask, didResumeAtOffset: fileOffset, expectedTotalBytes: expectedTotalBytes) }
    }
}

// Forwarded only, so that a pre-existing WebSocket delegate keeps working.
extension URLSessionDelegateProxy: URLSessionWebSocketDelegate {
    func urlSession(_ session: URLSession, webSocketTask: URLSessionWebSocketTask, didOpenWithProtocol protocol: String?) {
        webSocketDelegate { $0.urlSession(session, webSocketTask: webSocketTask, didOpenWithProtocol: `protocol`) }
    }

    func urlSession(
        _ session: URLSession, webSocketTask: URLSessionWebSocketTask,
        didCloseWith closeCode: URLSessionWebSocketTask.CloseCode, reason: Data?
    ) {
        webSocketDelegate { $0.urlSession(session, webSocketTask: webSocketTask, didCloseWith: closeCode, reason: reason) }
    }
}
