import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OnKit
import OnKitURLSession
import Testing

/// swift-corelibs-foundation consults the delegate for redirects (checked here: the handlers see
/// the 302 and the proposed request), so these run end to end.
@Suite struct URLSessionRedirectTests {
    @Test func redirectAllowedByEveryHandlerIsFollowed() async throws {
        let server = try LoopbackHTTPServer()
        let session = URLSession.on(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let seen = Recorder<String>()
        session.on.willPerformHTTPRedirection { _, redirect in
            seen.append("\(redirect.response.statusCode) → \(redirect.newRequest.url?.path ?? "?")")
            return redirect.newRequest
        }
        session.on.willPerformHTTPRedirection { _, redirect in redirect.newRequest }
        let body = Recorder<Data>()
        session.on.didReceiveData { _, received in body.append(received.data) }
        let completions = Completions(of: session)

        session.dataTask(with: server.url("/redirect")).resume()
        try await completions.wait()

        #expect(seen.values == ["302 → /hello"])
        #expect(completions.statuses.values == [200])
        #expect(body.joined == LoopbackHTTPServer.helloBody)
        #expect(server.requestedPaths == ["/redirect", "/hello"])
    }

    @Test func redirectIsFollowedWhenNoHandlerAnswers() async throws {
        let server = try LoopbackHTTPServer()
        let session = URLSession.on(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let completions = Completions(of: session)

        session.dataTask(with: server.url("/redirect")).resume()
        try await completions.wait()

        #expect(completions.statuses.values == [200])
        #expect(server.requestedPaths == ["/redirect", "/hello"])
    }

    @Test func nilFromAnyHandlerVetoesTheRedirectAndTheResponseIsTheRedirectItself() async throws {
        let server = try LoopbackHTTPServer()
        let session = URLSession.on(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let asked = Recorder<String>()
        session.on.willPerformHTTPRedirection { _, redirect in
            asked.append("first")
            return redirect.newRequest
        }
        session.on.willPerformHTTPRedirection { _, _ in
            asked.append("second")
            return nil
        }
        session.on.willPerformHTTPRedirection { _, redirect in
            asked.append("third")
            return redirect.newRequest
        }
        let body = Recorder<Data>()
        session.on.didReceiveData { _, received in body.append(received.data) }
        let completions = Completions(of: session)

        session.dataTask(with: server.url("/redirect")).resume()
        try await completions.wait()

        #expect(asked.values == ["first", "second"], "a veto stops the asking")
        #expect(completions.statuses.values == [302])
        #expect(completions.errors.values.count == 1)
        #expect(completions.errors.values.first.map { $0 == nil } == true)
        #expect(body.joined == LoopbackHTTPServer.redirectBody)
        #expect(server.requestedPaths == ["/redirect"])
    }

    @Test func theLastNonNilRequestWins() async throws {
        let server = try LoopbackHTTPServer()
        let session = URLSession.on(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let big = server.url("/big")
        session.on.willPerformHTTPRedirection { _, redirect in redirect.newRequest }
        session.on.willPerformHTTPRedirection { _, _ in URLRequest(url: big) }
        let body = Recorder<Data>()
        session.on.didReceiveData { _, received in body.append(received.data) }
        let completions = Completions(of: session)

        session.dataTask(with: server.url("/redirect")).resume()
        try await completions.wait()

        #expect(server.requestedPaths == ["/redirect", "/big"])
        #expect(body.joined == LoopbackHTTPServer.bigBody)
    }

    @Test func aPreExistingDelegateThatRefusesSettlesTheRedirectBeforeAnyHandlerIsAsked() async throws {
        let server = try LoopbackHTTPServer()
        let delegate = RecordingDelegate(followsRedirects: false)
        let session = URLSession.on(configuration: .ephemeral, delegate: delegate)
        defer { session.invalidateAndCancel() }
        let asked = Counter()
        session.on.willPerformHTTPRedirection { _, redirect in
            asked.increment()
            return redirect.newRequest
        }
        let completions = Completions(of: session)

        session.dataTask(with: server.url("/redirect")).resume()
        try await completions.wait()

        #expect(asked.value == 0, "the delegate answers first, and a refusal settles it")
        #expect(delegate.log.values.filter { $0 == "willPerformHTTPRedirection" }.count == 1)
        #expect(completions.statuses.values == [302])
        #expect(server.requestedPaths == ["/redirect"])
    }
}
