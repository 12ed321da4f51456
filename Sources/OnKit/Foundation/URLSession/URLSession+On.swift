#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Foundation

extension URLSession {
    /// Creates a session whose delegate callbacks are OnKit events, reached through `session.on`.
    ///
    /// A session takes its delegate when it is made, so this is the entry point: OnKit's proxy
    /// becomes the session's delegate, and `delegate`, if given, keeps receiving every callback
    /// through it.
    ///
    /// ```swift
    /// let session = URLSession.on(configuration: .ephemeral)
    /// session.on.didReceiveData { session, task, data in body.append(data) }
    /// session.on.didComplete { session, task, error in print(error ?? "done") }
    /// session.dataTask(with: url).resume()
    /// // …
    /// session.finishTasksAndInvalidate()   // releases the proxy, handlers and `delegate`
    /// ```
    ///
    /// ## Lifetime
    /// Like any URLSession, the session retains its delegate — here the proxy, which retains
    /// `delegate` and the handlers — until it is invalidated (`finishTasksAndInvalidate()` or
    /// `invalidateAndCancel()`). When invalidation completes (`on.didBecomeInvalid`), the proxy
    /// lets go of `delegate` and of every handler and what they capture, and the session lets go
    /// of the proxy. A session that is never invalidated keeps all of them, as URLSession does
    /// with its delegate.
    ///
    /// ## Callbacks that answer
    /// Redirects, challenges, responses, caching and body streams answer URLSession through a
    /// completion handler. OnKit asks the handlers (in the order they were added, up to the one
    /// whose answer settles it under the callback's rule) and the pre-existing delegate, which
    /// is always asked, then calls URLSession's completion handler exactly once with the
    /// combined answer, the delegate's answer folded first, as if it were the first handler.
    /// With neither, URLSession's default answer. If the delegate calls its completion handler
    /// twice, the second call is ignored; if it releases it without calling it, the handlers'
    /// answer stands alone. Each `on.` method states its rule.
    ///
    /// ## Threads
    /// Handlers run on `delegateQueue` (for notifications, after the pre-existing delegate's
    /// method for the same callback). When it is nil, URLSession makes a serial queue: one callback at a time, in
    /// order. A concurrent queue of your own may run callbacks of different tasks at once.
    ///
    /// - Parameters:
    ///   - configuration: the session's configuration.
    ///   - delegate: a delegate that keeps receiving every callback; for callbacks that answer,
    ///     its answer combines with the handlers' (each `on.` method documents its rule).
    ///   - delegateQueue: the queue for delegate calls and handlers; nil for a serial one.
    public static func on(
        configuration: URLSessionConfiguration = .default,
        delegate: (any URLSessionDelegate)? = nil,
        delegateQueue: OperationQueue? = nil
    ) -> URLSession {
        let events = URLSessionEvents()
        let proxy = URLSessionDelegateProxy(events: events, forwardingTo: delegate)
        let session = URLSession(configuration: configuration, delegate: proxy, delegateQueue: delegateQueue)
        session.on[URLSessionEventsKey.key] = events
        return session
    }
}

extension On where Base: URLSession {
    /// Whether this session sends OnKit events: true for a session made by
    /// `URLSession.on(configuration:delegate:delegateQueue:)` until it is invalidated.
    ///
    /// Any other session took another delegate when it was made, which OnKit cannot replace:
    /// registering a handler on it does nothing and returns an inactive `Subscription`
    /// (`isActive == false`). So does registering on a session that has become invalid.
    public var sendsEvents: Bool { sessionEvents != nil }

    // MARK: URLSessionDelegate

    /// The session became invalid (`error` is nil after `finishTasksAndInvalidate()` or
    /// `invalidateAndCancel()`).
    ///
    /// The last event a session sends: right after it, every handler of this session is
    /// released.
    @discardableResult
    public func didBecomeInvalid(
        _ handler: @escaping @Sendable (URLSession, (any Error)?) -> Void
    ) -> Subscription {
        register { $0.didBecomeInvalid.subscribe(handler) }
    }

    /// An authentication challenge: session-wide (`task` is nil; server trust, client
    /// certificates) or for one task (`task` set; HTTP Basic, Digest…). The handler answers with
    /// a disposition and a credential.
    ///
    /// **Rule:** the first answer other than `.performDefaultHandling` wins, and handlers after
    /// it are not asked; the pre-existing delegate's answer counts as the first. With no such
    /// answer, `(.performDefaultHandling, nil)`.
    ///
    /// ```swift
    /// session.on.didReceiveChallenge { _, task, challenge in
    ///     guard challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodHTTPBasic
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
    @discardableResult
    public func didReceiveChallenge(
        _ handler: @escaping @Sendable (URLSession, URLSessionTask?, URLAuthenticationChallenge)
            -> (URLSession.AuthChallengeDisposition, URLCredential?)
    ) -> Subscription {
        register {
            $0.didReceiveChallenge.subscribe { session, args in
                let (disposition, credential) = handler(session, args.task, args.challenge)
                return ChallengeAnswer(disposition: disposition, credential: credential)
            }
        }
    }

    // MARK: URLSessionTaskDelegate

    /// The server redirects `task`: the handler returns the request to follow (the proposed
    /// `newRequest`, a modified one) or nil to refuse, in which case the task completes with the
    /// redirect response itself.
    ///
    /// **Rule:** nil from anyone (a handler or the pre-existing delegate) refuses the redirect,
    /// and handlers after a refusing one are not asked; otherwise the last non-nil request wins
    /// (the delegate's counts as the first, then the handlers in the order they were added).
    /// With no handler and no delegate, the redirect is followed as proposed.
    ///
    /// ```swift
    /// session.on.willPerformHTTPRedirection { _, task, response, newRequest in
    ///     newRequest.url?.host == "127.0.0.1" ? newRequest : nil   // stay on this host
    /// }
    /// ```
    @discardableResult
    public func willPerformHTTPRedirection(
        _ handler: @escaping @Sendable (URLSession, URLSessionTask, HTTPURLResponse, URLRequest) -> URLRequest?
    ) -> Subscription {
        register {
            $0.willPerformHTTPRedirection.subscribe { session, args in
                Replacement(handler(session, args.task, args.response, args.request))
            }
        }
    }

    /// An upload task (made with `uploadTask(withStreamedRequest:)`) needs a fresh body stream.
    ///
    /// **Rule:** streams are single-use, so the pre-existing delegate is asked first and the
    /// handlers only if it gives none; the first handler that returns a stream wins and later
    /// ones are not asked.
    @discardableResult
    public func needNewBodyStream(
        _ handler: @escaping @Sendable (URLSession, URLSessionTask) -> InputStream?
    ) -> Subscription {
        register { $0.needNewBodyStream.subscribe(handler) }
    }

    /// Upload progress: body bytes sent for `task`.
    @discardableResult
    public func didSendBodyData(
        _ handler: @escaping @Sendable (URLSession, URLSessionTask, URLTransferProgress) -> Void
    ) -> Subscription {
        register { $0.didSendBodyData.subscribe { session, args in handler(session, args.0, args.1) } }
    }

    /// `task` finished: `error` is nil on success (an HTTP error status is a success here: see
    /// `task.response`), a `URLError` otherwise (connection refused, cancelled…).
    @discardableResult
    public func didComplete(
        _ handler: @escaping @Sendable (URLSession, URLSessionTask, (any Error)?) -> Void
    ) -> Subscription {
        register { $0.didComplete.subscribe { session, args in handler(session, args.0, args.1) } }
    }

    /// The metrics of `task` are ready.
    ///
    /// Never sent on Linux: swift-corelibs-foundation declares the callback but does not call it.
    @discardableResult
    public func didFinishCollectingMetrics(
        _ handler: @escaping @Sendable (URLSession, URLSessionTask, URLSessionTaskMetrics) -> Void
    ) -> Subscription {
        register {
            $0.didFinishCollectingMetrics.subscribe { session, args in handler(session, args.0, args.1) }
        }
    }

    #if canImport(ObjectiveC)
    /// `task` waits for connectivity (`waitsForConnectivity` configurations).
    ///
    /// Apple platforms only: swift-corelibs-foundation does not declare this callback.
    @discardableResult
    public func taskIsWaitingForConnectivity(
        _ handler: @escaping @Sendable (URLSession, URLSessionTask) -> Void
    ) -> Subscription {
        register { $0.taskIsWaitingForConnectivity.subscribe(handler) }
    }
    #endif

    // MARK: URLSessionDataDelegate

    /// The response headers of a data task arrived: the handler answers whether to go on.
    ///
    /// **Rule:** `.cancel` from anyone (a handler or the pre-existing delegate) wins, and
    /// handlers after a cancelling one are not asked; otherwise the first answer other than
    /// `.allow`, the delegate's counting as the first. With no answer, `.allow`.
    ///
    /// On Linux, swift-corelibs-foundation does not send it for redirect responses (301, 302,
    /// 303, 305–308) that it follows or offers to `willPerformHTTPRedirection`, and it
    /// **ignores the answer**: the transfer goes on whatever the disposition (it logs "Ignoring
    /// disposition from completion handler"). To stop a task there, call `task.cancel()`.
    @discardableResult
    public func didReceiveResponse(
        _ handler: @escaping @Sendable (URLSession, URLSessionDataTask, URLResponse) -> URLSession.ResponseDisposition
    ) -> Subscription {
        register { $0.didReceiveResponse.subscribe { session, args in handler(session, args.0, args.1) } }
    }

    /// A chunk of a data task's body arrived; chunks come in order, and together they are the
    /// body.
    ///
    /// Not sent for tasks made with a completion handler (URLSession hands them the whole body).
    @discardableResult
    public func didReceiveData(
        _ handler: @escaping @Sendable (URLSession, URLSessionDataTask, Data) -> Void
    ) -> Subscription {
        register { $0.didReceiveData.subscribe { session, args in handler(session, args.0, args.1) } }
    }

    /// A data task became a download task (a `.becomeDownload` disposition).
    ///
    /// Never sent on Linux: swift-corelibs-foundation cannot turn a response into a download.
    @discardableResult
    public func didBecomeDownloadTask(
        _ handler: @escaping @Sendable (URLSession, URLSessionDataTask, URLSessionDownloadTask) -> Void
    ) -> Subscription {
        register { $0.didBecomeDownloadTask.subscribe { session, args in handler(session, args.0, args.1) } }
    }

    /// The response of a data task is about to be cached: the handler returns the response to
    /// cache (the proposed one, a modified one) or nil not to cache it.
    ///
    /// **Rule:** as for redirects: nil from anyone wins; otherwise the last non-nil answer.
    /// With no handler and no delegate, the proposed response is cached.
    ///
    /// Never sent for HTTP on Linux: swift-corelibs-foundation reports every HTTP response with
    /// storage policy `.notAllowed`.
    @discardableResult
    public func willCacheResponse(
        _ handler: @escaping @Sendable (URLSession, URLSessionDataTask, CachedURLResponse) -> CachedURLResponse?
    ) -> Subscription {
        register {
            $0.willCacheResponse.subscribe { session, args in Replacement(handler(session, args.0, args.1)) }
        }
    }

    // MARK: URLSessionDownloadDelegate

    /// Download progress: bytes written to the temporary file of `task`.
    @discardableResult
    public func didWriteData(
        _ handler: @escaping @Sendable (URLSession, URLSessionDownloadTask, URLTransferProgress) -> Void
    ) -> Subscription {
        register { $0.didWriteData.subscribe { session, args in handler(session, args.0, args.1) } }
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
    /// session.on.didFinishDownloading { _, task, location in
    ///     let data = try? Data(contentsOf: location)   // now, not later
    /// }
    /// ```
    @discardableResult
    public func didFinishDownloading(
        _ handler: @escaping @Sendable (URLSession, URLSessionDownloadTask, URL) -> Void
    ) -> Subscription {
        register { $0.didFinishDownloading.subscribe { session, args in handler(session, args.0, args.1) } }
    }
}
