import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OnKit
import OnKitURLSession
import Testing

@Suite struct URLSessionLifetimeTests {
    /// Makes a session with a pre-existing delegate and handlers that capture `captured`, runs one
    /// task, and returns weak references to everything that must go after invalidation.
    private func runSession(
        server: LoopbackHTTPServer,
        invalidate: (URLSession) -> Void
    ) async throws -> (session: AnyWeakReference, proxy: AnyWeakReference, delegate: AnyWeakReference, captured: AnyWeakReference) {
        var delegate: RecordingDelegate? = RecordingDelegate()
        var captured: Tracked? = Tracked("captured by handlers")
        var session: URLSession? = URLSession.on(configuration: .ephemeral, delegate: delegate)
        let references = try (
            session: AnyWeakReference(live: #require(session)),
            proxy: AnyWeakReference(live: #require(session?.delegate)),
            delegate: AnyWeakReference(live: #require(delegate)),
            captured: AnyWeakReference(live: #require(captured))
        )
        let invalidated = Counter()
        session?.on.didReceiveData { [captured] _, _ in _ = captured }
        session?.on.didComplete { [captured] _, _ in _ = captured }
        session?.on.didBecomeInvalid { [captured] _, _ in
            _ = captured
            invalidated.increment()
        }
        let completions = try Completions(of: #require(session))
        captured = nil
        delegate = nil

        try #require(session).dataTask(with: server.url("/hello")).resume()
        try await completions.wait()
        #expect(references.delegate.isReleased == false, "URLSession keeps its delegate until invalidated")
        invalidate(try #require(session))
        session = nil
        try await waitUntil("didBecomeInvalid") { invalidated.value == 1 }
        return references
    }

    @Test func invalidateAndCancelReleasesProxyHandlersCapturesAndThePreExistingDelegate() async throws {
        let server = try LoopbackHTTPServer()
        let references = try await runSession(server: server) { $0.invalidateAndCancel() }

        try await waitUntil("the proxy's release") { references.proxy.isReleased }
        try await waitUntil("the delegate's release") { references.delegate.isReleased }
        try await waitUntil("the captured object's release") { references.captured.isReleased }
        try await waitUntil("the session's release") { references.session.isReleased }
    }

    @Test func finishTasksAndInvalidateReleasesProxyHandlersCapturesAndThePreExistingDelegate() async throws {
        let server = try LoopbackHTTPServer()
        let references = try await runSession(server: server) { $0.finishTasksAndInvalidate() }

        try await waitUntil("the proxy's release") { references.proxy.isReleased }
        try await waitUntil("the delegate's release") { references.delegate.isReleased }
        try await waitUntil("the captured object's release") { references.captured.isReleased }
        try await waitUntil("the session's release") { references.session.isReleased }
    }

    @Test func finishTasksAndInvalidateLetsTheRunningTaskCompleteFirst() async throws {
        let server = try LoopbackHTTPServer()
        let delegate = RecordingDelegate()
        let session = URLSession.on(configuration: .ephemeral, delegate: delegate)
        let events = Recorder<String>()
        session.on.didComplete { _, completed in events.append(completed.error == nil ? "complete" : "failed") }
        session.on.didBecomeInvalid { _, _ in events.append("invalid") }

        session.dataTask(with: server.url("/big")).resume()
        session.finishTasksAndInvalidate()
        try await waitUntil("invalidation") { events.values.contains("invalid") }

        #expect(events.values == ["complete", "invalid"])
        #expect(delegate.log.values.suffix(2) == ["didComplete", "didBecomeInvalid"])
    }

    @Test func afterInvalidationTheSessionSendsNoEventsAndRegistrationIsInactive() async throws {
        let session = URLSession.on(configuration: .ephemeral)
        #expect(session.on.sendsEvents)
        let invalidated = Counter()
        session.on.didBecomeInvalid { _, _ in invalidated.increment() }

        session.invalidateAndCancel()
        try await waitUntil("didBecomeInvalid") { invalidated.value == 1 }

        #expect(session.on.sendsEvents == false)
        let late = session.on.didComplete { _, _ in }
        #expect(late.isActive == false)
    }

    @Test func aSessionNotMadeByOnKitTakesNoHandlerAndKeepsNothing() async throws {
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        var captured: Tracked? = Tracked()
        weak let weakCaptured = captured

        let subscription = session.on.didReceiveData { [captured] _, _ in _ = captured }
        captured = nil

        #expect(session.on.sendsEvents == false)
        #expect(subscription.isActive == false)
        #expect(weakCaptured == nil, "the handler was not kept")
    }

    @Test func cancellingASubscriptionReleasesItsHandlerAtOnce() throws {
        let session = URLSession.on(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        var captured: Tracked? = Tracked()
        weak let weakCaptured = captured
        let subscription = session.on.didComplete { [captured] _, _ in _ = captured }
        captured = nil
        #expect(weakCaptured != nil, "the session's events hold the handler")

        #expect(subscription.cancel())

        #expect(weakCaptured == nil)
    }

    @Test func aSessionThatIsNeverInvalidatedKeepsItsDelegateAsURLSessionDoes() async throws {
        var delegate: RecordingDelegate? = RecordingDelegate()
        let reference = WeakReference(live: try #require(delegate))
        let session = URLSession.on(configuration: .ephemeral, delegate: delegate)
        delegate = nil

        #expect(reference.isReleased == false)

        session.invalidateAndCancel()  // the documented way out, and no session left behind
        try await waitUntil("the delegate's release") { reference.isReleased }
    }
}
