import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OnKit
import OnKitURLSession
import Testing

/// On Linux, swift-corelibs-foundation sends a task-level challenge for a 401 with
/// `WWW-Authenticate: Basic` over plain HTTP (checked here), never a session-level one.
@Suite struct URLSessionChallengeTests {
    @Test func aCredentialFromAHandlerAnswersABasicChallenge() async throws {
        let server = try LoopbackHTTPServer()
        let session = URLSession.on(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let challenges = Recorder<String>()
        session.on.didReceiveChallenge { _, received in
            challenges.append("\(received.task == nil ? "session" : "task") \(received.challenge.protectionSpace.realm ?? "?")")
            guard received.challenge.previousFailureCount == 0 else { return (.cancelAuthenticationChallenge, nil) }
            let credential = URLCredential(
                user: LoopbackHTTPServer.user, password: LoopbackHTTPServer.password, persistence: .none
            )
            return (.useCredential, credential)
        }
        let body = Recorder<Data>()
        session.on.didReceiveData { _, received in body.append(received.data) }
        let completions = Completions(of: session)

        session.dataTask(with: server.url("/auth")).resume()
        try await completions.wait()

        #expect(challenges.values == ["task onkit"])
        #expect(completions.statuses.values == [200])
        // Linux delivers the 401's own body before the challenge, then the authorized body.
        #expect(body.joined.suffix(LoopbackHTTPServer.authBody.count) == LoopbackHTTPServer.authBody)
        #expect(server.requestedPaths == ["/auth", "/auth"])
    }

    @Test func theFirstAnswerOtherThanDefaultHandlingWinsAndLaterHandlersAreNotAsked() async throws {
        let server = try LoopbackHTTPServer()
        let session = URLSession.on(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let asked = Recorder<String>()
        session.on.didReceiveChallenge { _, _ in
            asked.append("first")
            return (.performDefaultHandling, nil)
        }
        session.on.didReceiveChallenge { _, _ in
            asked.append("second")
            return (.cancelAuthenticationChallenge, nil)
        }
        session.on.didReceiveChallenge { _, _ in
            asked.append("third")
            return (.useCredential, URLCredential(user: "x", password: "y", persistence: .none))
        }
        let completions = Completions(of: session)

        session.dataTask(with: server.url("/auth")).resume()
        try await completions.wait()

        #expect(asked.values == ["first", "second"])
        let error = completions.errors.values.first.flatMap { $0 }
        #expect((error as? URLError)?.code == .cancelled, "got \(String(describing: error))")
        #expect(server.requestedPaths == ["/auth"], "no retry with the third handler's credential")
    }

    @Test func useCredentialWithoutACredentialDoesNotTrapInFoundation() async throws {
        let server = try LoopbackHTTPServer()
        let session = URLSession.on(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        session.on.didReceiveChallenge { _, _ in (.useCredential, nil) }
        let task = session.dataTask(with: server.url("/auth"))
        let challenge = basicAuthChallenge(on: server)
        let answers = Recorder<URLSession.AuthChallengeDisposition>()

        try await callDelegate(of: session) { proxy in
            proxy.urlSession(session, task: task, didReceive: challenge) { disposition, _ in answers.append(disposition) }
        }

        #if canImport(ObjectiveC)
        #expect(answers.values == [.useCredential])
        #else
        #expect(answers.values == [.performDefaultHandling])
        #endif
    }
}
