#if os(Linux)
import Foundation
import FoundationNetworking
import OnKit
import OnKitURLSession
import Testing

/// A completion handler that a delegate keeps uncalled until the session is invalidated must not
/// be answered for, by OnKit, to a task URLSession has cancelled: Foundation on Linux stops the
/// process then. Each scenario runs in a child process, since the bug kills it.
@Suite struct URLSessionLateReplyTests {
    @Test func aRedirectReplyDroppedAfterInvalidateAndCancelNeverReachesURLSession() async throws {
        try await runInChildProcess(.redirectReplyDroppedAfterInvalidation)
    }
}

extension ChildScenario {
    /// A session made by OnKit owns a delegate that keeps the redirect completion handler. The
    /// session is invalidated while the redirect waits: URLSession cancels the task and lets go of
    /// the delegate, and with it the uncalled completion. The process must live on.
    static let redirectReplyDroppedAfterInvalidation = ChildScenario(name: "redirectReplyDroppedAfterInvalidation") {
        let server: LoopbackHTTPServer
        do { server = try LoopbackHTTPServer() } catch { return ["no loopback server: \(error)"] }
        let delegateReleased = Counter()
        let session = URLSession.on(
            configuration: .ephemeral,
            delegate: RedirectKeepingDelegate(onRelease: { delegateReleased.increment() })
        )
        let handlerAsked = Counter()
        session.on.willPerformHTTPRedirection { _, redirect in
            handlerAsked.increment()
            return redirect.newRequest
        }
        session.dataTask(with: server.url("/redirect")).resume()
        guard wait(until: { keptCompletions.value == 1 }) else { return ["the delegate was never asked about the redirect"] }

        session.invalidateAndCancel()
        guard wait(until: { delegateReleased.value == 1 }) else { return ["the delegate was never released"] }
        // Foundation's trap comes on the task's work queue right after the release: let it come.
        usleep(500_000)

        var failures: [String] = []
        if handlerAsked.value != 0 { failures.append("the handler was asked after invalidation") }
        if server.requestedPaths != ["/redirect"] { failures.append("requested \(server.requestedPaths)") }
        return failures
    }
}

/// Redirect completion handlers kept by `RedirectKeepingDelegate`s, process-wide (one scenario
/// per process).
private let keptCompletions = Counter()

/// A delegate that keeps the redirect completion handler and never calls it: it goes, uncalled,
/// when the delegate does.
private final class RedirectKeepingDelegate: NSObject, URLSessionTaskDelegate, Sendable {
    private let kept = Recorder<@Sendable (URLRequest?) -> Void>()
    private let onRelease: @Sendable () -> Void

    init(onRelease: @escaping @Sendable () -> Void) { self.onRelease = onRelease }

    deinit { onRelease() }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        kept.append(completionHandler)
        keptCompletions.increment()
    }
}
#endif
