import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OnKit
import OnKitURLSession
import Testing

// The OnKitURLSession catalog's snippets (its landing page and "Using URLSession"), verbatim,
// with assertions on what they claim.

@Suite struct ArticleUsingURLSessionSnippetTests {
    @Test func dataCompletionAndRedirectHandlersRun() async throws {
        let server = try LoopbackHTTPServer()
        let url = server.url("/redirect")
        let bytes = Recorder<Int>()
        let completions = Counter()
        let redirects = Counter()
let session = URLSession.on(configuration: .ephemeral)
session.on.didReceiveData { received in
    print("received \(received.data.count) bytes")
}
session.on.didComplete { _, task, error in
    print("task \(task.taskIdentifier): \(error.map { "\($0)" } ?? "done")")
}

session.on.willPerformHTTPRedirection { redirect in
    redirect.newRequest.url?.host == "127.0.0.1" ? redirect.newRequest : nil
}

        session.on.willPerformHTTPRedirection.subscribe { redirects.increment(); return nil }
        session.on.didReceiveData { received in bytes.append(received.data.count) }
        session.on.didComplete { completions.increment() }
session.dataTask(with: url).resume()
session.finishTasksAndInvalidate()

        try #require(await pollUntil { completions.value == 1 })
        // The last handler refused the redirect, so the redirect's own body is what arrived.
        #expect(redirects.value == 1)
        #expect(bytes.values.reduce(0, +) == LoopbackHTTPServer.redirectBody.count)
    }
}
