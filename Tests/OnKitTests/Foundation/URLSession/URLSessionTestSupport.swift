import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import OnKit
import OnKitURLSession

/// Thrown when something a test waits for does not happen in time: the test fails, loudly.
struct WaitTimeout: Error, CustomStringConvertible {
    let what: String
    var description: String { "timed out waiting for \(what)" }
}

/// Waits until `condition` holds, checking every 10 ms; throws `WaitTimeout` after `seconds`.
/// Generous timeouts: this waits for delivery, it measures nothing.
func waitUntil(
    _ what: String,
    seconds: Double = 20,
    _ condition: @Sendable () -> Bool
) async throws {
    guard await pollUntil(timeout: seconds, condition) else { throw WaitTimeout(what: what) }
}

/// A delegate set before OnKit came along: records every callback it gets, by name, and answers
/// as configured. It must keep receiving every callback through OnKit's proxy.
final class RecordingDelegate: NSObject, URLSessionDataDelegate, URLSessionDownloadDelegate, Sendable {
    /// How the delegate treats the completion handlers it is given.
    enum Completion: Sendable {
        /// Calls it once, at once (a well-behaved delegate).
        case once
        /// Calls it twice (a buggy delegate: URLSession on Linux traps on a second redirect answer).
        case twice
        /// Drops it without calling it (a buggy delegate: the task would hang).
        case never
    }

    let log = Recorder<String>()
    /// Bodies of downloaded files, read inside `didFinishDownloadingTo` (the file goes after).
    let downloads = Recorder<Data>()
    /// Where the downloaded files were (swift-corelibs-foundation leaves them: tests delete them).
    let downloadLocations = Recorder<URL>()
    let completion: Completion
    let followsRedirects: Bool
    let credential: URLCredential?

    init(completion: Completion = .once, followsRedirects: Bool = true, credential: URLCredential? = nil) {
        self.completion = completion
        self.followsRedirects = followsRedirects
        self.credential = credential
    }

    private func answer(_ reply: () -> Void) {
        switch completion {
        case .once: reply()
        case .twice: reply(); reply()
        case .never: break
        }
    }

    func urlSession(_ session: URLSession, didBecomeInvalidWithError error: (any Error)?) {
        log.append("didBecomeInvalid")
    }

    func urlSession(
        _ session: URLSession,
        didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        log.append("didReceiveChallenge(session)")
        answer { completionHandler(.performDefaultHandling, nil) }
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        log.append("didReceiveChallenge")
        if let credential, challenge.previousFailureCount == 0 {
            answer { completionHandler(.useCredential, credential) }
        } else {
            answer { completionHandler(.performDefaultHandling, nil) }
        }
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        log.append("willPerformHTTPRedirection")
        let followsRedirects = followsRedirects
        answer { completionHandler(followsRedirects ? request : nil) }
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        didSendBodyData bytesSent: Int64,
        totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        log.append("didSendBodyData")
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        log.append("didComplete")
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        log.append("didReceiveResponse")
        answer { completionHandler(.allow) }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        log.append("didReceiveData")
    }

    func urlSession(
        _ session: URLSession,
        downloadTask: URLSessionDownloadTask,
        didWriteData bytesWritten: Int64,
        totalBytesWritten: Int64,
        totalBytesExpectedToWrite: Int64
    ) {
        log.append("didWriteData")
    }

    func urlSession(
        _ session: URLSession,
        downloadTask: URLSessionDownloadTask,
        didFinishDownloadingTo location: URL
    ) {
        log.append("didFinishDownloading")
        downloadLocations.append(location)
        if let data = try? Data(contentsOf: location) { downloads.append(data) }
    }
}

/// Subscribes to every event of `session` and records the callback names, as
/// `RecordingDelegate` does, so that the two logs can be compared. Challenges are answered
/// with `credential` on a first attempt.
func recordEveryEvent(of session: URLSession, into log: Recorder<String>, credential: URLCredential? = nil) {
    session.on.didBecomeInvalid { _, _ in log.append("didBecomeInvalid") }
    session.on.didReceiveChallenge { _, received in
        log.append(received.task == nil ? "didReceiveChallenge(session)" : "didReceiveChallenge")
        guard let credential, received.challenge.previousFailureCount == 0 else { return (.performDefaultHandling, nil) }
        return (.useCredential, credential)
    }
    session.on.willPerformHTTPRedirection { _, redirect in
        log.append("willPerformHTTPRedirection")
        return redirect.newRequest
    }
    session.on.didSendBodyData { _, _ in log.append("didSendBodyData") }
    session.on.didComplete { _, _ in log.append("didComplete") }
    session.on.didReceiveResponse { _, _ in
        log.append("didReceiveResponse")
        return .allow
    }
    session.on.didReceiveData { _, _ in log.append("didReceiveData") }
    session.on.didWriteData { _, _ in log.append("didWriteData") }
    session.on.didFinishDownloading { _, _ in log.append("didFinishDownloading") }
    session.on.didFinishCollectingMetrics { _, _ in log.append("didFinishCollectingMetrics") }
    session.on.willCacheResponse { _, cache in
        log.append("willCacheResponse")
        return cache.proposedResponse
    }
}

/// The outcome of one task, as its `didComplete` handlers saw it.
final class Completions: Sendable {
    let errors = Recorder<(any Error)?>()
    let statuses = Recorder<Int>()

    /// Records every completion of `session`.
    init(of session: URLSession) {
        session.on.didComplete { [errors, statuses] _, completed in
            statuses.append((completed.task.response as? HTTPURLResponse)?.statusCode ?? -1)
            errors.append(completed.error)
        }
    }

    func wait(for count: Int = 1) async throws {
        try await waitUntil("\(count) completion(s)") { self.errors.count >= count }
    }
}

extension Recorder where Value == Data {
    /// The recorded chunks, concatenated.
    var joined: Data { values.reduce(into: Data()) { $0.append($1) } }
}

/// Calls the session's delegate — OnKit's proxy — as URLSession does: on the delegate queue
/// (where handlers run); returns once `call` has returned there.
func callDelegate(of session: URLSession, _ call: @escaping @Sendable (any URLSessionDataDelegate) -> Void) async throws {
    _ = try #require(session.delegate as? any URLSessionDataDelegate)
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        session.delegateQueue.addOperation {
            if let proxy = session.delegate as? any URLSessionDataDelegate { call(proxy) }
            done.resume()
        }
    }
}

/// An HTTP Basic challenge for `server`'s realm, as a test hands it to the proxy itself.
func basicAuthChallenge(on server: LoopbackHTTPServer) -> URLAuthenticationChallenge {
    let space = URLProtectionSpace(
        host: "127.0.0.1", port: Int(server.port), protocol: "http", realm: "onkit",
        authenticationMethod: NSURLAuthenticationMethodHTTPBasic
    )
    return URLAuthenticationChallenge(
        protectionSpace: space, proposedCredential: nil, previousFailureCount: 0,
        failureResponse: nil, error: nil, sender: NoChallengeSender()
    )
}

/// A challenge sender for challenges built by the test (URLSession's own is internal).
final class NoChallengeSender: NSObject, URLAuthenticationChallengeSender, Sendable {
    func use(_ credential: URLCredential, for challenge: URLAuthenticationChallenge) {}
    func continueWithoutCredential(for challenge: URLAuthenticationChallenge) {}
    func cancel(_ challenge: URLAuthenticationChallenge) {}
    func performDefaultHandling(for challenge: URLAuthenticationChallenge) {}
    func rejectProtectionSpaceAndContinue(with challenge: URLAuthenticationChallenge) {}
}
