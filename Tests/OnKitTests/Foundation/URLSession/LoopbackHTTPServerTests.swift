import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// The test server itself: it must stop when dropped, leaving nothing listening.
@Suite struct LoopbackHTTPServerTests {
    @Test func droppingTheServerStopsItAndItsPortRefusesConnections() async throws {
        var server: LoopbackHTTPServer? = try LoopbackHTTPServer()
        let port = try #require(server?.port)
        weak let weakServer = server
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let url = try #require(URL(string: "http://127.0.0.1:\(port)/hello"))
        let (data, _) = try await session.data(from: url)
        #expect(data == LoopbackHTTPServer.helloBody)

        server = nil

        #expect(weakServer == nil, "no thread keeps the server alive")
        await #expect(throws: URLError.self) { _ = try await session.data(from: url) }
    }
}
