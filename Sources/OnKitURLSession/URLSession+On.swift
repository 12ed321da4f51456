import Foundation
@_spi(OnKitInternal) import OnKit

extension URLSession {
    /// Creates a session whose delegate callbacks are OnKit events, reached through `session.on`.
    ///
    /// A session takes its delegate when it is made, so this is the entry point: OnKit's proxy
    /// becomes the session's delegate and forwards every callback to `delegate`, if given.
    ///
    /// ```swift
    /// let session = URLSession.on(configuration: .ephemeral)
    /// session.on.didReceiveData { received in body.append(received.data) }
    /// session.on.didComplete { _, _, error in
    ///     print(error.map { "\($0)" } ?? "done")
    /// }
    /// session.dataTask(with: url).resume()
    ///
    /// session.finishTasksAndInvalidate()  // releases proxy, handlers, `delegate`
    /// ```
    ///
    /// **Lifetime:** the session retains the proxy, `delegate` and the handlers until invalidation
    /// completes (`on.didBecomeInvalid`); a session never invalidated keeps them, as URLSession
    /// keeps its delegate.
    ///
    /// **Order and answers:** as every adapter, `delegate` first, then the handlers in order.
    /// Callbacks that answer through a completion handler fold `delegate`'s answer and the
    /// handlers' by the callback's rule and call URLSession's completion handler exactly once;
    /// nobody answering gives URLSession's default. A second call of `delegate`'s completion
    /// handler is ignored; releasing it uncalled lets the handlers answer alone; keeping it makes
    /// the task wait, as without OnKit.
    ///
    /// **Threads:** handlers run on `delegateQueue`, also when `delegate` answers later from
    /// another thread.
    ///
    /// - Parameters:
    ///   - configuration: the session's configuration.
    ///   - delegate: a delegate that keeps receiving every callback, first.
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
    /// `URLSession.on(configuration:delegate:delegateQueue:)` until it is invalid. On any other
    /// session a registration is refused, as on any finished source:
    /// `if !session.on.sendsEvents { print("not made by URLSession.on, or invalid") }`.
    public var sendsEvents: Bool { proxy.map { !$0.isInvalid } ?? false }

    /// The session became invalid (the error is nil after `finishTasksAndInvalidate()` or
    /// `invalidateAndCancel()`): its last event, after which every handler is released:
    /// `session.on.didBecomeInvalid { error in print("invalid", error.map { "\($0)" } ?? "") }`.
    public var didBecomeInvalid: ReadOnlyEvent<Base, (any Error)?> { callback(\.didBecomeInvalid) }

    /// An authentication challenge: session-wide (`task` is nil; server trust, client
    /// certificates) or for one task (`task` set; HTTP Basic, Digest…). Handlers answer with a
    /// disposition and a credential.
    ///
    /// **Rule:** the first answer other than `.performDefaultHandling` wins (the delegate's
    /// first), and later handlers are not asked; otherwise `(.performDefaultHandling, nil)`.
    ///
    /// ```swift
    /// session.on.didReceiveChallenge { received in
    ///     let method = received.challenge.protectionSpace.authenticationMethod
    ///     guard method == NSURLAuthenticationMethodHTTPBasic else {
    ///         return (.performDefaultHandling, nil)
    ///     }
    ///     let credential = URLCredential(
    ///         user: "u", password: "p", persistence: .forSession
    ///     )
    ///     return (.useCredential, credential)
    /// }
    /// ```
    ///
    /// Linux sends only task-level challenges, for HTTP Basic (after delivering the 401 response
    /// and body). There `.useCredential` with a nil credential would trap in Foundation, so OnKit
    /// answers `.performDefaultHandling` instead; check `challenge.previousFailureCount`, as the
    /// same wrong credential makes it retry without end.
    public var didReceiveChallenge: ReadOnlyDecision<
        Base, URLSessionChallenge,
        (disposition: URLSession.AuthChallengeDisposition, credential: URLCredential?)
    > { callback(\.didReceiveChallenge) }

    /// The server redirects a task: handlers return the request to follow (the proposed
    /// `newRequest`, or another) or nil to refuse, in which case the task completes with the
    /// redirect response itself.
    ///
    /// **Rule:** nil from anyone (the delegate first) refuses and stops the asking; otherwise the
    /// last request wins. With no answer, the redirect is followed as proposed. To stay on a host:
    /// `session.on.willPerformHTTPRedirection { r in r.newRequest.url?.host == "127.0.0.1" ? r.newRequest : nil }`.
    public var willPerformHTTPRedirection: ReadOnlyDecision<
        Base, URLSessionRedirection, URLRequest?
    > { callback(\.willPerformHTTPRedirection) }

    /// An upload task made with `uploadTask(withStreamedRequest:)` needs a fresh body stream.
    ///
    /// **Rule:** the first stream wins (the delegate's first) and stops the asking: streams are
    /// single-use, so none is made to be thrown away:
    /// `session.on.needNewBodyStream { InputStream(data: body) }`.
    public var needNewBodyStream: ReadOnlyDecision<Base, URLSessionTask, InputStream?> { callback(\.needNewBodyStream) }

    /// Upload progress: body bytes sent for a task:
    /// `session.on.didSendBodyData { sent in print(sent.progress.fractionCompleted ?? 0) }`.
    public var didSendBodyData: ReadOnlyEvent<Base, URLSessionTaskProgress<URLSessionTask>> {
        callback(\.didSendBodyData)
    }

    /// A task finished: `error` is nil on success (an HTTP error status is a success here: see
    /// `task.response`), a `URLError` otherwise (connection refused, cancelled…):
    /// `session.on.didComplete { _, task, error in print(task.taskIdentifier, error.map { "\($0)" } ?? "ok") }`.
    public var didComplete: ReadOnlyEvent<Base, URLSessionTaskCompletion> { callback(\.didComplete) }

    /// The metrics of a task are ready (never sent on Linux: declared, never called):
    /// `session.on.didFinishCollectingMetrics { collected in print(collected.metrics.taskInterval) }`.
    public var didFinishCollectingMetrics: ReadOnlyEvent<Base, URLSessionTaskMetricsReport> {
        callback(\.didFinishCollectingMetrics)
    }

    #if canImport(ObjectiveC)
    /// A task waits for connectivity (`waitsForConnectivity`; Apple platforms only):
    /// `session.on.taskIsWaitingForConnectivity { task in print("offline", task.taskIdentifier) }`.
    public var taskIsWaitingForConnectivity: ReadOnlyEvent<Base, URLSessionTask> {
        callback(\.taskIsWaitingForConnectivity)
    }
    #endif

    /// The response headers of a data task arrived: handlers answer whether to go on.
    ///
    /// **Rule:** `.cancel` from anyone (the delegate first) wins and stops the asking; otherwise
    /// the first answer other than `.allow`. With no answer, `.allow`:
    /// `session.on.didReceiveResponse { received in received.response.mimeType == "text/html" ? .cancel : .allow }`.
    ///
    /// Linux does not send it for redirect responses, and **ignores the answer** (the transfer
    /// goes on whatever the disposition): call `task.cancel()` to stop a task there.
    public var didReceiveResponse: ReadOnlyDecision<
        Base, URLSessionDataResponse, URLSession.ResponseDisposition
    > { callback(\.didReceiveResponse) }

    /// A chunk of a data task's body arrived, in order; not sent for tasks made with a
    /// completion handler (URLSession hands them the whole body):
    /// `session.on.didReceiveData { _, received in body.append(received.data) }`.
    public var didReceiveData: ReadOnlyEvent<Base, URLSessionReceivedData> { callback(\.didReceiveData) }

    /// A data task became a download task (`.becomeDownload`; never sent on Linux):
    /// `session.on.didBecomeDownloadTask { became in print("now a download:", became.downloadTask.taskIdentifier) }`.
    public var didBecomeDownloadTask: ReadOnlyEvent<
        Base, URLSessionDownloadConversion
    > { callback(\.didBecomeDownloadTask) }

    /// The response of a data task is about to be cached: handlers return the response to cache
    /// (the proposed one, or another) or nil not to cache it.
    ///
    /// **Rule:** as for redirects: nil from anyone wins and stops the asking; otherwise the
    /// last response. With no answer, the proposed one is cached. Never sent for HTTP on Linux:
    /// `session.on.willCacheResponse { cache in cache.proposedResponse.data.count < 1_000_000 ? cache.proposedResponse : nil }`.
    public var willCacheResponse: ReadOnlyDecision<
        Base, URLSessionCacheProposal, CachedURLResponse?
    > { callback(\.willCacheResponse) }

    /// Download progress: bytes written to the temporary file of a download task:
    /// `session.on.didWriteData { written in print(written.progress.totalBytes, "of", written.progress.totalBytesExpected) }`.
    public var didWriteData: ReadOnlyEvent<Base, URLSessionTaskProgress<URLSessionDownloadTask>> {
        callback(\.didWriteData)
    }

    /// A download finished into the temporary file at `location`.
    ///
    /// **Read or move the file inside the handler**: Apple platforms delete it when the last
    /// handler returns (the delegate, called first, may already have moved it). Linux leaves it
    /// in the temporary directory: move or delete it yourself:
    /// `session.on.didFinishDownloading { finished in _ = try? FileManager.default.moveItem(at: finished.location, to: destination) }`.
    public var didFinishDownloading: ReadOnlyEvent<Base, URLSessionFinishedDownload> {
        callback(\.didFinishDownloading)
    }

    /// The session's proxy, for a session made by `URLSession.on(…)` that is not yet invalid.
    var proxy: URLSessionDelegateProxy? { existingValue(for: URLSessionDelegateProxy.key) ?? nil }

    /// The proxy's `source`, with the sender typed `Base`; `.finished` on a session that sends no events.
    private func callback<Source: Subscribable>(
        _ source: KeyPath<URLSessionDelegateProxy, Source>
    ) -> ReadOnlyDecision<Base, Source.Args, Source.Answer> where Source.Sender == URLSession {
        guard let proxy else { return .finished }
        return proxy[keyPath: source].readOnly.sent(as: Base.self)
    }
}
