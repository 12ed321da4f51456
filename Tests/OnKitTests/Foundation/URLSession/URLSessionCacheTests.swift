import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OnKit
import OnKitURLSession
import Testing

/// swift-corelibs-foundation never sends `willCacheResponse` for HTTP (it reports every HTTP
/// response with storage policy `.notAllowed`), so the rule is checked by calling the session's
/// real delegate as URLSession would, and reading the answer on the completion handler.
@Suite struct URLSessionCacheTests {
    private func ask(
        _ session: URLSession,
        server: LoopbackHTTPServer
    ) async throws -> (proposed: CachedURLResponse, answers: Recorder<CachedURLResponse?>) {
        let task = session.dataTask(with: server.url("/hello"))
        let response = URLResponse(url: server.url("/hello"), mimeType: nil, expectedContentLength: 0, textEncodingName: nil)
        let proposed = CachedURLResponse(response: response, data: LoopbackHTTPServer.helloBody)
        let answers = Recorder<CachedURLResponse?>()
        try await callDelegate(of: session) { proxy in
            proxy.urlSession(session, dataTask: task, willCacheResponse: proposed) { answers.append($0) }
        }
        return (proposed, answers)
    }

    @Test func withoutHandlersTheProposedResponseIsCached() async throws {
        let server = try LoopbackHTTPServer()
        let session = URLSession.on(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }

        let (proposed, answers) = try await ask(session, server: server)

        #expect(answers.count == 1)
        #expect(answers.values.first.flatMap { $0 } === proposed)
    }

    @Test func nilFromAnyHandlerPreventsCachingAndStopsTheAsking() async throws {
        let server = try LoopbackHTTPServer()
        let session = URLSession.on(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let asked = Recorder<String>()
        session.on.willCacheResponse { _, cache in
            asked.append("first")
            return cache.proposedResponse
        }
        session.on.willCacheResponse { _, _ in
            asked.append("second")
            return nil
        }
        session.on.willCacheResponse { _, cache in
            asked.append("third")
            return cache.proposedResponse
        }

        let (_, answers) = try await ask(session, server: server)

        #expect(answers.count == 1)
        #expect(answers.values.first.map { $0 == nil } == true)
        #expect(asked.values == ["first", "second"])
    }

    @Test func theLastNonNilResponseIsCached() async throws {
        let server = try LoopbackHTTPServer()
        let session = URLSession.on(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let replacement = CachedURLResponse(
            response: URLResponse(url: server.url("/other"), mimeType: nil, expectedContentLength: 0, textEncodingName: nil),
            data: Data("other".utf8)
        )
        session.on.willCacheResponse { _, cache in cache.proposedResponse }
        session.on.willCacheResponse { _, _ in replacement }

        let (_, answers) = try await ask(session, server: server)

        #expect(answers.values.first.flatMap { $0 } === replacement)
    }
}
