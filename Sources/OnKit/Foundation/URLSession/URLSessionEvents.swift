#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Foundation

/// The events of one session made by `URLSession.on(configuration:delegate:delegateQueue:)`.
///
/// Held by the session's delegate proxy (which sends them) and stored on the session (where
/// `session.on` finds them). Holds neither the session nor the proxy, so it makes no cycle.
final class URLSessionEvents: Sendable {
    typealias Challenge = (task: URLSessionTask?, challenge: URLAuthenticationChallenge)
    typealias Redirection = (task: URLSessionTask, response: HTTPURLResponse, request: URLRequest)

    // URLSessionDelegate
    let didBecomeInvalid = Event<URLSession, (any Error)?>()
    let didReceiveChallenge: Decision<URLSession, Challenge, ChallengeAnswer> = ChallengeAnswer.decision()

    // URLSessionTaskDelegate
    let willPerformHTTPRedirection: Decision<URLSession, Redirection, Replacement<URLRequest>?> =
        Replacement.decision()
    let needNewBodyStream: Decision<URLSession, URLSessionTask, InputStream?> = BodyStreamAnswer.decision()
    let didSendBodyData = Event<URLSession, (URLSessionTask, URLTransferProgress)>()
    let didComplete = Event<URLSession, (URLSessionTask, (any Error)?)>()
    let didFinishCollectingMetrics = Event<URLSession, (URLSessionTask, URLSessionTaskMetrics)>()
    #if canImport(ObjectiveC)
    let taskIsWaitingForConnectivity = Event<URLSession, URLSessionTask>()
    #endif

    // URLSessionDataDelegate
    let didReceiveResponse: Decision<URLSession, (URLSessionDataTask, URLResponse), URLSession.ResponseDisposition> =
        URLSession.ResponseDisposition.decision()
    let didReceiveData = Event<URLSession, (URLSessionDataTask, Data)>()
    let didBecomeDownloadTask = Event<URLSession, (URLSessionDataTask, URLSessionDownloadTask)>()
    let willCacheResponse: Decision<URLSession, (URLSessionDataTask, CachedURLResponse), Replacement<CachedURLResponse>?> =
        Replacement.decision()

    // URLSessionDownloadDelegate
    let didWriteData = Event<URLSession, (URLSessionDownloadTask, URLTransferProgress)>()
    let didFinishDownloading = Event<URLSession, (URLSessionDownloadTask, URL)>()

    /// Releases every handler (and what they capture): the session is invalid, nothing is sent
    /// any more.
    func removeAllHandlers() {
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
    }
}

/// Where `session.on` finds the events of a session made by `URLSession.on(…)`.
enum URLSessionEventsKey {
    static let key = AssociationKey<URLSessionEvents?>("URLSession.events")
}

extension On where Base: URLSession {
    /// The events of a session made by `URLSession.on(…)`, until it is invalid.
    var sessionEvents: URLSessionEvents? {
        existingValue(for: URLSessionEventsKey.key) ?? nil
    }

    /// Removes the events from the session (it is invalid: nothing more will be sent).
    func detachEvents() {
        self[URLSessionEventsKey.key] = nil
    }

    /// Subscribes through `register` when the session sends events; otherwise returns an
    /// inactive subscription.
    func register(_ subscribe: (URLSessionEvents) -> Subscription) -> Subscription {
        guard let events = sessionEvents else {
            let inactive = Subscription(onCancel: {})
            inactive.cancel()
            return inactive
        }
        return subscribe(events)
    }
}
