#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Foundation
@_spi(OnKitInternal) import OnKit

extension URLSession {
    /// Creates a session whose delegate callbacks are OnKit events, reached through `session.on`.
    ///
    /// A session takes its delegate when it is made, so this is the entry point: OnKit's proxy
    /// becomes the session's delegate, and `delegate`, if given, keeps receiving every callback
    /// through it.
    ///
    /// ```swift
    /// let session = URLSession.on(configuration: .ephemeral)
    /// session.on.didReceiveData { session, received in body.append(received.data) }
    /// session.on.didComplete { session, completed in print(completed.error ?? "done") }
    /// session.dataTask(with: url).resume()
    /// // …
    /// session.finishTasksAndInvalidate()   // releases the proxy, handlers and `delegate`
    /// ```
    ///
    /// Each callback is a property of `session.on` — a `ReadOnlyEvent`, or a `ReadOnlyDecision`
    /// for the callbacks that answer — so every form works on it: `session.on.didComplete { … }`,
    /// `+=`, `-=`, `subscribe(owner:)`, `once`, `values`, `next()`.
    ///
    /// ## Lifetime
    /// Like any URLSession, the session retains its delegate — here the proxy, which retains
    /// `delegate` and the handlers — until it is invalidated (`finishTasksAndInvalidate()` or
    /// `invalidateAndCancel()`). When invalidation completes (`on.didBecomeInvalid`), the proxy
    /// lets go of `delegate` and of every handler and what they capture, and the session lets go
    /// of the proxy. A session that is never invalidated keeps all of them, as URLSession does
    /// with its delegate.
    ///
    /// ## Order, and callbacks that answer
    /// `delegate` gets every callback **first**, then the handlers, in the order they were added
    /// (it was there first: it acts as the first handler). Redirects, challenges, responses,
    /// caching and body streams answer URLSession through a completion handler: OnKit asks
    /// `delegate` first and, once it has answered, the handlers, folding their answers into its
    /// answer by the callback's rule (each property states its rule; handlers after an answer
    /// that settles it are not asked), then calls URLSession's completion handler exactly once.
    /// With no answer from anyone, URLSession's default. If `delegate` calls its completion
    /// handler twice, the second call is ignored; if it releases it without calling it, the
    /// handlers answer alone; while it keeps it, the task waits, as URLSession would wait for it.
    ///
    /// ## Threads
    /// Handlers run on `delegateQueue`, also when `delegate` answers later from another thread.
    /// When it is nil, URLSession makes a serial queue: one callback at a time, in order. A
    /// concurrent queue of your own may run callbacks of different tasks at once.
    ///
    /// - Parameters:
    ///   - configuration: the session's configuration.
    ///   - delegate: a delegate that keeps receiving every callback, first; for callbacks that
    ///     answer, its answer combines with the handlers' (each property documents its rule).
    ///   - delegateQueue: the queue for delegate calls and handlers; nil for a serial one.
    public static func on(
        configuration: URLSessionConfiguration = .default,
        delegate: (any URLSessionDelegate)? = nil,
        delegateQueue: OperationQueue? = nil
    ) -> URLSession {
        let proxy = URLSessionDelegateProxy(forwardingTo: delegate)
        let session = URLSession(configuration: configuration, delegate: proxy, delegateQueue: delegateQueue)
        session.on[URLSessionDelegateProxy.key] = proxy
        return session
    }
}

extension On where Base: URLSession {
    /// Whether this session sends OnKit events: true for a session made by
    /// `URLSession.on(configuration:delegate:delegateQueue:)` until it is invalid.
    ///
    /// Any other session took another delegate when it was made, which OnKit cannot replace; a
    /// session that has become invalid sends nothing more. Registering a handler on either, as
    /// on any finished OnKit source, returns a subscription that is already inactive
    /// (`isActive == false`, `cancel()` returns `false`) and releases the handler at once.
    ///
    /// ```swift
    /// if !session.on.sendsEvents { print("not made by URLSession.on, or invalid") }
    /// ```
    public var sendsEvents: Bool { proxy.map { !$0.isInvalid } ?? false }

    // MARK: URLSessionDelegate

    /// The session became invalid (the error is nil after `finishTasksAndInvalidate()` or
    /// `invalidateAndCancel()`).
    ///
    /// The last event a session sends: right after it, every handler of this session is
    /// released.
    ///
    /// ```swift
    /// session.on.didBecomeInvalid { session, error in print("invalid", error ?? "") }
    /// ```
    public var didBecomeInvalid: ReadOnlyEvent<Base, (any Error)?> { callback(\.didBecomeInvalid) }

    /// An authentication challenge: session-wide (`task` is nil; server trust, client
    /// certificates) or for one task (`task` set; HTTP Basic, Digest…). Handlers answer with a
    /// disposition and a credential.
    ///
    /// **Rule:** the first answer other than `.performDefaultHandling` wins, and handlers after
    /// it are not asked; the pre-existing delegate's answer is the first. With no such answer,
    /// `(.performDefaultHandling, nil)`.
    ///
    /// ```swift
    /// session.on.didReceiveChallenge { _, received in
    ///     guard received.challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodHTTPBasic
    ///     else { return (.performDefaultHandling, nil) }
    ///     return (.useCredential, URLCredential(user: "u", password: "p", persistence: .forSession))
    /// }
    /// ```
    ///
    /// On Linux, swift-corelibs-foundation sends task-level challenges for HTTP Basic
    /// authentication (after it has delivered the 401 response and its body to
    /// `didReceiveResponse`/`didReceiveData`) and never a session-level one. There,
    /// `.useCredential` with a nil credential would trap inside Foundation, so OnKit answers
    /// `.performDefaultHandling` instead; and check `challenge.previousFailureCount`: answering
    /// the same wrong credential again makes it retry without end.
    public var didReceiveChallenge: ReadOnlyDecision<
        Base,
        (task: URLSessionTask?, challenge: URLAuthenticationChallenge),
        (disposition: URLSession.AuthChallengeDisposition, credential: URLCredential?)
    > { callback(\.didReceiveChallenge) }

    // MARK: URLSessionTaskDelegate

    /// The server redirects a task: handlers return the request to follow (the proposed
    /// `newRequest`, or another) or nil to refuse, in which case the task completes with the
    /// redirect response itself.
    ///
    /// **Rule:** nil from anyone refuses the redirect, and handlers after a refusal are not
    /// asked — so when the pre-existing delegate refuses, no handler is asked; otherwise the
    /// last request wins (the delegate's is the first, then the handlers' in the order they
    /// were added). With no answer from anyone, the redirect is followed as proposed.
    ///
    /// ```swift
    /// session.on.willPerformHTTPRedirection { _, redirect in
    ///     redirect.newRequest.url?.host == "127.0.0.1" ? redirect.newRequest : nil   // stay on this host
    /// }
    /// ```
    public var willPerformHTTPRedirection: ReadOnlyDecision<
        Base, (task: URLSessionTask, response: HTTPURLResponse, newRequest: URLRequest), URLRequest?
    > { callback(\.willPerformHTTPRedirection) }

    /// An upload task made with `uploadTask(withStreamedRequest:)` needs a fresh body stream.
    ///
    /// **Rule:** the first stream wins, and later handlers are not asked (streams are
    /// single-use: none is made to be thrown away); the pre-existing delegate is asked first.
    ///
    /// ```swift
    /// session.on.needNewBodyStream { _, task in InputStream(data: body) }
    /// ```
    public var needNewBodyStream: ReadOnlyDecision<Base, URLSessionTask, InputStream?> { callback(\.needNewBodyStream) }

    /// Upload progress: body bytes sent for a task.
    ///
    /// ```swift
    /// session.on.didSendBodyData { _, sent in print(sent.progress.fractionCompleted ?? 0) }
    /// ```
    public var didSendBodyData: ReadOnlyEvent<Base, (task: URLSessionTask, progress: URLTransferProgress)> {
        callback(\.didSendBodyData)
    }

    /// A task finished: `error` is nil on success (an HTTP error status is a success here: see
    /// `task.response`), a `URLError` otherwise (connection refused, cancelled…).
    ///
    /// ```swift
    /// session.on.didComplete { _, completed in print(completed.task.taskIdentifier, completed.error ?? "ok") }
    /// ```
    public var didComplete: ReadOnlyEvent<Base, (task: URLSessionTask, error: (any Error)?)> { callback(\.didComplete) }

    /// The metrics of a task are ready.
    ///
    /// Never sent on Linux: swift-corelibs-foundation declares the callback but does not call it.
    ///
    /// ```swift
    /// session.on.didFinishCollectingMetrics { _, collected in print(collected.metrics.taskInterval) }
    /// ```
    public var didFinishCollectingMetrics: ReadOnlyEvent<Base, (task: URLSessionTask, metrics: URLSessionTaskMetrics)> {
        callback(\.didFinishCollectingMetrics)
    }

    #if canImport(ObjectiveC)
    /// A task waits for connectivity (`waitsForConnectivity` configurations).
    ///
    /// Apple platforms only: swift-corelibs-foundation does not declare this callback.
    ///
    /// ```swift
    /// session.on.taskIsWaitingForConnectivity { _, task in print("offline", task.taskIdentifier) }
    /// ```
    public var taskIsWaitingForConnectivity: ReadOnlyEvent<Base, URLSessionTask> {
        callback(\.taskIsWaitingForConnectivity)
    }
    #endif

    // MARK: URLSessionDataDelegate

    /// The response headers of a data task arrived: handlers answer whether to go on.
    ///
    /// **Rule:** `.cancel` from anyone wins, and handlers after it are not asked (none, when the
    /// pre-existing delegate cancels); otherwise the first answer other than `.allow`, the
    /// delegate's being the first. With no answer, `.allow`.
    ///
    /// ```swift
    /// session.on.didReceiveResponse { _, received in received.response.mimeType == "text/html" ? .cancel : .allow }
    /// ```
    ///
    /// On Linux, swift-corelibs-foundation does not send it for redirect responses (301, 302,
    /// 303, 305–308) that it follows or offers to `willPerformHTTPRedirection`, and it
    /// **ignores the answer**: the transfer goes on whatever the disposition (it logs "Ignoring
    /// disposition from completion handler"). To stop a task there, call `task.cancel()`.
    public var didReceiveResponse: ReadOnlyDecision<
        Base, (task: URLSessionDataTask, response: URLResponse), URLSession.ResponseDisposition
    > { callback(\.didReceiveResponse) }

    /// A chunk of a data task's body arrived; chunks come in order, and together they are the
    /// body.
    ///
    /// Not sent for tasks made with a completion handler (URLSession hands them the whole body).
    ///
    /// ```swift
    /// session.on.didReceiveData { _, received in body.append(received.data) }
    /// ```
    public var didReceiveData: ReadOnlyEvent<Base, (task: URLSessionDataTask, data: Data)> { callback(\.didReceiveData) }

    /// A data task became a download task (a `.becomeDownload` disposition).
    ///
    /// Never sent on Linux: swift-corelibs-foundation cannot turn a response into a download.
    ///
    /// ```swift
    /// session.on.didBecomeDownloadTask { _, became in downloads.insert(became.downloadTask) }
    /// ```
    public var didBecomeDownloadTask: ReadOnlyEvent<
        Base, (task: URLSessionDataTask, downloadTask: URLSessionDownloadTask)
    > { callback(\.didBecomeDownloadTask) }

    /// The response of a data task is about to be cached: handlers return the response to cache
    /// (the proposed one, or another) or nil not to cache it.
    ///
    /// **Rule:** as for redirects: nil from anyone wins and stops the asking; otherwise the
    /// last response given. With no answer from anyone, the proposed response is cached.
    ///
    /// Never sent for HTTP on Linux: swift-corelibs-foundation reports every HTTP response with
    /// storage policy `.notAllowed`.
    ///
    /// ```swift
    /// session.on.willCacheResponse { _, cache in cache.proposedResponse.data.count < 1_000_000 ? cache.proposedResponse : nil }
    /// ```
    public var willCacheResponse: ReadOnlyDecision<
        Base, (task: URLSessionDataTask, proposedResponse: CachedURLResponse), CachedURLResponse?
    > { callback(\.willCacheResponse) }

    // MARK: URLSessionDownloadDelegate

    /// Download progress: bytes written to the temporary file of a download task.
    ///
    /// ```swift
    /// session.on.didWriteData { _, written in print(written.progress.totalBytes, "of", written.progress.totalBytesExpected) }
    /// ```
    public var didWriteData: ReadOnlyEvent<Base, (task: URLSessionDownloadTask, progress: URLTransferProgress)> {
        callback(\.didWriteData)
    }

    /// A download finished into the temporary file at `location`.
    ///
    /// **Read or move the file inside the handler**: on Apple platforms URLSession deletes it as
    /// soon as the delegate call returns, that is after the last handler (and after the
    /// pre-existing delegate, which is called first: if it moves the file, handlers find it
    /// gone). On Linux, swift-corelibs-foundation leaves the file in the temporary directory:
    /// move or delete it yourself there.
    ///
    /// ```swift
    /// session.on.didFinishDownloading { _, finished in
    ///     let data = try? Data(contentsOf: finished.location)   // now, not later
    /// }
    /// ```
    public var didFinishDownloading: ReadOnlyEvent<Base, (task: URLSessionDownloadTask, location: URL)> {
        callback(\.didFinishDownloading)
    }

    // MARK: Plumbing

    /// The session's proxy, for a session made by `URLSession.on(…)` that is not yet invalid.
    var proxy: URLSessionDelegateProxy? {
        existingValue(for: URLSessionDelegateProxy.key) ?? nil
    }

    /// The proxy's `source`, with the sender typed `Base`; on a session that sends no events
    /// (not made by `URLSession.on`, or invalid), a face that takes no handler.
    private func callback<Source: Subscribable>(
        _ source: KeyPath<URLSessionDelegateProxy, Source>
    ) -> ReadOnlyDecision<Base, Source.Args, Source.Answer> where Source.Sender == URLSession {
        guard let proxy else { return .finished }
        return proxy[keyPath: source].readOnly.sent(as: Base.self)
    }
}
