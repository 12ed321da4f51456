import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OnKit
import OnKitURLSession
import Testing

@Suite struct URLSessionDelegateCoexistenceTests {
    @Test func aPreExistingDelegateReceivesEveryCallbackTheHandlersReceive() async throws {
        let server = try LoopbackHTTPServer()
        let credential = URLCredential(user: LoopbackHTTPServer.user, password: LoopbackHTTPServer.password, persistence: .none)
        // The handlers give the credential: a delegate's credential would settle the challenge
        // before the handlers are asked (it answers first), and the logs would differ.
        let delegate = RecordingDelegate()
        let session = URLSession.on(configuration: .ephemeral, delegate: delegate)
        let handlers = Recorder<String>()
        recordEveryEvent(of: session, into: handlers, credential: credential)
        let completions = Completions(of: session)
        var upload = URLRequest(url: server.url("/upload"))
        upload.httpMethod = "POST"

        // One task at a time, so that both logs have a single order to compare.
        session.dataTask(with: server.url("/big")).resume()
        try await completions.wait(for: 1)
        session.dataTask(with: server.url("/redirect")).resume()
        try await completions.wait(for: 2)
        session.dataTask(with: server.url("/auth")).resume()
        try await completions.wait(for: 3)
        session.uploadTask(with: upload, from: Data(count: 100_000)).resume()
        try await completions.wait(for: 4)
        session.downloadTask(with: server.url("/big")).resume()
        try await completions.wait(for: 5)
        session.finishTasksAndInvalidate()
        try await waitUntil("invalidation") { delegate.log.values.contains("didBecomeInvalid") }

        #expect(completions.statuses.values == [200, 200, 200, 200, 200])
        let kinds = Set(delegate.log.values)
        for kind in [
            "didReceiveResponse", "didReceiveData", "willPerformHTTPRedirection", "didReceiveChallenge",
            "didSendBodyData", "didWriteData", "didFinishDownloading", "didComplete", "didBecomeInvalid",
        ] {
            #expect(kinds.contains(kind), "the delegate got \(kind)")
        }
        #expect(delegate.log.values == handlers.values, "same callbacks, same order, same count")
        #expect(delegate.downloads.values == [LoopbackHTTPServer.bigBody])
        for location in delegate.downloadLocations.values { try? FileManager.default.removeItem(at: location) }
    }

    @Test func handlersRunAfterThePreExistingDelegateInEachCallback() async throws {
        let server = try LoopbackHTTPServer()
        let delegate = RecordingDelegate()
        let session = URLSession.on(configuration: .ephemeral, delegate: delegate)
        defer { session.invalidateAndCancel() }
        let delegateCallsSeenByHandler = Recorder<Int>()
        session.on.didComplete { _, _ in
            delegateCallsSeenByHandler.append(delegate.log.values.filter { $0 == "didComplete" }.count)
        }
        let completions = Completions(of: session)

        session.dataTask(with: server.url("/hello")).resume()
        try await completions.wait()

        #expect(delegateCallsSeenByHandler.values == [1])
    }

    @Test func aDelegateThatAnswersTwiceStillCompletesTheCallbackOnce() async throws {
        // URLSession on Linux traps ("Was it called multiple times?") on a second redirect
        // answer: this test would crash without the once-only reply.
        let server = try LoopbackHTTPServer()
        let delegate = RecordingDelegate(completion: .twice)
        let session = URLSession.on(configuration: .ephemeral, delegate: delegate)
        defer { session.invalidateAndCancel() }
        let completions = Completions(of: session)

        session.dataTask(with: server.url("/redirect")).resume()
        try await completions.wait()

        #expect(completions.statuses.values == [200])
        #expect(server.requestedPaths == ["/redirect", "/hello"])
    }

    @Test func aDelegateThatDropsTheCompletionHandlerDoesNotLeaveTheTaskHanging() async throws {
        let server = try LoopbackHTTPServer()
        let delegate = RecordingDelegate(completion: .never)
        let session = URLSession.on(configuration: .ephemeral, delegate: delegate)
        defer { session.invalidateAndCancel() }
        let asked = Counter()
        session.on.willPerformHTTPRedirection { _, _ in
            asked.increment()
            return nil
        }
        let completions = Completions(of: session)

        session.dataTask(with: server.url("/redirect")).resume()
        try await completions.wait()

        #expect(asked.value == 1)
        #expect(completions.statuses.values == [302], "the handlers' answer stands alone")
    }

    @Test func theDelegatesAnswerCombinesWithTheHandlers() async throws {
        // Called as URLSession calls it, to read the combined answer on the completion handler.
        let server = try LoopbackHTTPServer()
        let delegate = RecordingDelegate(followsRedirects: true)
        let session = URLSession.on(configuration: .ephemeral, delegate: delegate)
        defer { session.invalidateAndCancel() }
        let replacement = server.url("/big")
        session.on.willPerformHTTPRedirection { _, _ in URLRequest(url: replacement) }
        let task = session.dataTask(with: server.url("/redirect"))
        let response = try #require(HTTPURLResponse(
            url: server.url("/redirect"), statusCode: 302, httpVersion: "HTTP/1.1", headerFields: ["Location": "/hello"]
        ))
        let answers = Recorder<URL?>()
        let proposed = URLRequest(url: server.url("/hello"))

        try await callDelegate(of: session) { proxy in
            proxy.urlSession(session, task: task, willPerformHTTPRedirection: response, newRequest: proposed) {
                answers.append($0?.url)
            }
        }

        #expect(answers.values == [replacement], "the delegate follows, then the handler's request wins")
        #expect(delegate.log.values == ["willPerformHTTPRedirection"])
    }
}
