import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OnKit
import OnKitURLSession
import Testing

/// A delegate that writes "delegate <callback>" to `order` in each callback that answers, and
/// answers what URLSession would do without it. With `answerLater`, it answers from another
/// thread, after its method has returned.
private final class OrderDelegate: NSObject, URLSessionDataDelegate, Sendable {
    let order: Recorder<String>
    let answerLater: Bool

    init(order: Recorder<String>, answerLater: Bool = false) {
        self.order = order
        self.answerLater = answerLater
    }

    private func answer(_ reply: @escaping @Sendable () -> Void) {
        if answerLater {
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20), execute: reply)
        } else {
            reply()
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        order.append("delegate redirect")
        answer { completionHandler(request) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        order.append("delegate challenge")
        answer { completionHandler(.performDefaultHandling, nil) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void
    ) {
        order.append("delegate body stream")
        answer { completionHandler(nil) }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        order.append("delegate response")
        answer { completionHandler(.allow) }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, willCacheResponse proposedResponse: CachedURLResponse,
        completionHandler: @escaping @Sendable (CachedURLResponse?) -> Void
    ) {
        order.append("delegate cache")
        answer { completionHandler(proposedResponse) }
    }
}

@Suite struct URLSessionAnsweringOrderTests {
    /// Every callback that answers through a completion handler, called as URLSession calls it.
    @Test func theDelegateAnswersBeforeAnyHandlerIsAskedInEveryCallbackThatAnswers() async throws {
        let server = try LoopbackHTTPServer()
        let order = Recorder<String>()
        let session = URLSession.on(configuration: .ephemeral, delegate: OrderDelegate(order: order))
        defer { session.invalidateAndCancel() }
        session.on.willPerformHTTPRedirection { _, redirect in
            order.append("handler redirect")
            return redirect.newRequest
        }
        session.on.didReceiveChallenge { _, _ in
            order.append("handler challenge")
            return (.performDefaultHandling, nil)
        }
        session.on.needNewBodyStream { _, _ in
            order.append("handler body stream")
            return nil
        }
        session.on.didReceiveResponse { _, _ in
            order.append("handler response")
            return .allow
        }
        session.on.willCacheResponse { _, cache in
            order.append("handler cache")
            return cache.proposedResponse
        }
        let task = session.dataTask(with: server.url("/hello"))
        let url = server.url("/hello")
        let response = try #require(HTTPURLResponse(url: url, statusCode: 302, httpVersion: "HTTP/1.1", headerFields: [:]))
        let challenge = basicAuthChallenge(on: server)
        let completions = Counter()

        try await callDelegate(of: session) { proxy in
            proxy.urlSession(session, task: task, willPerformHTTPRedirection: response, newRequest: URLRequest(url: url)) { _ in
                completions.increment()
            }
            proxy.urlSession(session, task: task, didReceive: challenge) { _, _ in completions.increment() }
            proxy.urlSession(session, task: task, needNewBodyStream: { _ in completions.increment() })
            proxy.urlSession(session, dataTask: task, didReceive: response) { _ in completions.increment() }
            proxy.urlSession(session, dataTask: task, willCacheResponse: CachedURLResponse(response: response, data: Data())) { _ in
                completions.increment()
            }
        }

        #expect(order.values == [
            "delegate redirect", "handler redirect", "delegate challenge", "handler challenge",
            "delegate body stream", "handler body stream", "delegate response", "handler response",
            "delegate cache", "handler cache",
        ])
        #expect(completions.value == 5, "each completion handler once")
    }

    @Test func aDelegateThatAnswersLaterFromAnotherThreadHasTheHandlersRunOnTheDelegateQueue() async throws {
        let server = try LoopbackHTTPServer()
        let queue = OperationQueue()
        queue.name = "onkit.test.late-answer"
        queue.maxConcurrentOperationCount = 1
        let order = Recorder<String>()
        let session = URLSession.on(
            configuration: .ephemeral, delegate: OrderDelegate(order: order, answerLater: true), delegateQueue: queue
        )
        defer { session.invalidateAndCancel() }
        let queues = Recorder<String?>()
        let big = server.url("/big")
        session.on.willPerformHTTPRedirection { _, _ in
            order.append("handler redirect")
            queues.append(OperationQueue.current?.name)
            return URLRequest(url: big)
        }
        let completions = Completions(of: session)

        session.dataTask(with: server.url("/redirect")).resume()
        try await completions.wait()

        #expect(order.values.filter { $0.hasSuffix("redirect") } == ["delegate redirect", "handler redirect"])
        #expect(queues.values == ["onkit.test.late-answer"])
        #expect(server.requestedPaths == ["/redirect", "/big"], "the handler's request, once")
        #expect(completions.statuses.values == [200])
    }
}

@Suite struct URLSessionSurfaceTests {
    @Test func everyFormOfTheSurfaceWorksOnASessionCallback() async throws {
        let server = try LoopbackHTTPServer()
        let session = URLSession.on(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let seen = Recorder<String>()
        let added = session.on.didComplete += { _, _ in seen.append("+=") }
        session.on.didComplete.once { _, _ in seen.append("once") }
        let owner = Tracked("owner")
        session.on.didComplete(owner: owner) { _, _, _ in seen.append("owner") }
        let completions = Completions(of: session)
        #expect(session.on.didComplete.subscriberCount == 4)

        session.dataTask(with: server.url("/hello")).resume()
        try await completions.wait(for: 1)
        #expect(session.on.didComplete -= added)
        session.dataTask(with: server.url("/hello")).resume()
        try await completions.wait(for: 2)

        #expect(seen.values == ["+=", "once", "owner", "owner"])
        #expect(session.on.didComplete.subscriberCount == 2)
    }

    @Test func nextWaitsForTheNextCallbackAndAWaitOnAnInvalidSessionEndsAtOnce() async throws {
        let server = try LoopbackHTTPServer()
        let session = URLSession.on(configuration: .ephemeral)
        let waiting = Task { try await session.on.didComplete.next() }
        try await waitUntil("the wait's registration") { session.on.didComplete.subscriberCount == 1 }

        let task = session.dataTask(with: server.url("/hello"))
        task.resume()
        let completed = try await waiting.value
        session.invalidateAndCancel()
        try await waitUntil("invalidation") { !session.on.sendsEvents }

        #expect(completed.task.taskIdentifier == task.taskIdentifier)
        #expect(completed.error == nil)
        await #expect(throws: SourceEndedError.self) { try await session.on.didComplete.next() }
    }

    @Test func registeringOnAnInvalidSessionReturnsAnInactiveSubscriptionAndReleasesTheHandlerAtOnce() async throws {
        let session = URLSession.on(configuration: .ephemeral)
        session.invalidateAndCancel()
        try await waitUntil("invalidation") { !session.on.sendsEvents }
        var captured: Tracked? = Tracked()
        weak let weakCaptured = captured

        let subscriptions = [
            session.on.didComplete { [captured] _, _ in _ = captured },
            session.on.didReceiveData += { [captured] _, _ in _ = captured },
            session.on.willPerformHTTPRedirection.once { [captured] _, _ in
                _ = captured
                return nil
            },
        ]
        captured = nil

        #expect(subscriptions.allSatisfy { !$0.isActive && !$0.cancel() })
        #expect(weakCaptured == nil, "no handler was kept")
        #expect(session.on.didComplete.subscriberCount == 0)
    }

    @Test func registrationsRacingWithInvalidationAreAllInactiveOnceItEnds() async throws {
        let session = URLSession.on(configuration: .ephemeral)
        let subscriptions = Recorder<EventSubscription>()
        let captured = Recorder<AnyWeakReference>()
        let finished = Counter()
        let registering = Thread {
            // Registers until the session is invalid, and a few times after.
            var after = 0
            while after < 50 {
                if !session.on.sendsEvents { after += 1 }
                let object = Tracked()
                captured.append(AnyWeakReference(live: object))
                subscriptions.append(session.on.didReceiveData { [object] _, _ in _ = object })
            }
            finished.increment()
        }
        registering.start()
        try await waitUntil("some registrations") { subscriptions.count > 100 }

        session.invalidateAndCancel()
        try await waitUntil("the registering thread's end") { finished.value == 1 }

        // The thread may end while the handlers registered before invalidation are being released.
        try await waitUntil("every subscription's end") { subscriptions.values.allSatisfy { !$0.isActive } }
        try await waitUntil("every handler's release") { captured.values.allSatisfy(\.isReleased) }
    }
}
