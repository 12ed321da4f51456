import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OnKit
import Testing

/// swift-corelibs-foundation consults the delegate for redirects (checked here: the handlers see
/// the 302 and the proposed request), so these run end to end.
@Suite struct URLSessionRedirectTests {
    @Test func redirectAllowedByEveryHandlerIsFollowed() async throws {
        let server = try LoopbackHTTPServer()
        let session = URLSession.on(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let seen = Recorder<String>()
        session.on.willPerformHTTPRedirection { _, _, response, request in
            seen.append("\(response.statusCode) → \(request.url?.path ?? "?")")
            return request
        }
        session.on.willPerformHTTPRedirection { _, _, _, request in request }
        let body = Recorder<Data>()
        session.on.didReceiveData { _, _, data in body.append(data) }
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
        session.on.willPerformHTTPRedirection { _, _, _, request in
            asked.append("first")
            return request
        }
        session.on.willPerformHTTPRedirection { _, _, _, _ in
            asked.append("second")
            return nil
        }
        session.on.willPerformHTTPRedirection { _, _, _, request in
            asked.append("third")
            return request
        }
        let body = Recorder<Data>()
        session.on.didReceiveData { _, _, data in body.append(data) }
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
        session.on.willPerformHTTPRedirection { _, _, _, request in request }
        session.on.willPerformHTTPRedirection { _, _, _, _ in URLRequest(url: big) }
        let body = Recorder<Data>()
        session.on.didReceiveData { _, _, data in body.append(data) }
        let completions = Completions(of: session)

        session.dataTask(with: server.url("/redirect")).resume()
        try await completions.wait()

        #expect(server.requestedPaths == ["/redirect", "/big"])
        #expect(body.joined == LoopbackHTTPServer.bigBody)
    }

    @Test func aPreExistingDelegateThatRefusesVetoesEvenWhenHandlersFollow() async throws {
        let server = try LoopbackHTTPServer()
        let delegate = RecordingDelegate(followsRedirects: false)
        let session = URLSession.on(configuration: .ephemeral, delegate: delegate)
        defer { session.invalidateAndCancel() }
        let asked = Counter()
        session.on.willPerformHTTPRedirection { _, _, _, request in
            asked.increment()
            return request
        }
        let completions = Completions(of: session)

        session.dataTask(with: server.url("/redirect")).resume()
        try await completions.wait()

        #expect(asked.value == 1, "handlers are still asked (and see every callback)")
        #expect(delegate.log.values.filter { $0 == "willPerformHTTPRedirection" }.count == 1)
        #expect(completions.statuses.values == [302])
        #expect(server.requestedPaths == ["/redirect"])
    }
}
