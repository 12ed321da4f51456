import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OnKit
import OnKitURLSession
import Testing

@Suite struct URLSessionDownloadTests {
    @Test func downloadReportsProgressThenHandsTheFileToReadInsideTheHandler() async throws {
        let server = try LoopbackHTTPServer()
        let session = URLSession.on(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let progress = Recorder<URLTransferProgress>()
        let contents = Recorder<Data>()
        let locations = Recorder<URL>()
        session.on.didWriteData { _, written in progress.append(written.progress) }
        session.on.didFinishDownloading { _, finished in
            locations.append(finished.location)
            // Read now: URLSession deletes the file once the callback returns.
            if let data = try? Data(contentsOf: finished.location) { contents.append(data) }
        }
        let completions = Completions(of: session)

        session.downloadTask(with: server.url("/big")).resume()
        try await completions.wait()

        let total = Int64(LoopbackHTTPServer.bigBody.count)
        let reports = progress.values
        #expect(reports.count > 1, "a 1 MiB download reports progress several times")
        #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.totalBytes <= $1.totalBytes }, "never goes back")
        #expect(reports.map(\.bytes).reduce(0, +) == total)
        #expect(reports.last?.totalBytes == total)
        #expect(reports.last?.fractionCompleted == 1)
        #expect(locations.count == 1)
        // swift-corelibs-foundation leaves the file behind (Apple's URLSession deletes it).
        for location in locations.values { try? FileManager.default.removeItem(at: location) }
        #expect(contents.values == [LoopbackHTTPServer.bigBody])
        #expect(completions.errors.values.count == 1)
        #expect(completions.errors.values.first.map { $0 == nil } == true)
    }
}

@Suite struct URLSessionFailureTests {
    @Test func connectionRefusedReachesTheCompletionHandlersWithAnError() async throws {
        let port = try LoopbackHTTPServer.closedPort()
        let delegate = RecordingDelegate()
        let session = URLSession.on(configuration: .ephemeral, delegate: delegate)
        defer { session.invalidateAndCancel() }
        let first = Recorder<(any Error)?>()
        let second = Recorder<(any Error)?>()
        session.on.didComplete { _, completed in first.append(completed.error) }
        session.on.didComplete { _, completed in second.append(completed.error) }
        let otherEvents = Counter()
        session.on.didReceiveResponse { _, _ in
            otherEvents.increment()
            return .allow
        }
        session.on.didReceiveData { _, _ in otherEvents.increment() }
        let url = try #require(URL(string: "http://127.0.0.1:\(port)/hello"))

        session.dataTask(with: url).resume()
        try await waitUntil("both completion handlers") { first.count == 1 && second.count == 1 }

        for recorder in [first, second] {
            let error = recorder.values.first.flatMap { $0 }
            #expect((error as? URLError)?.code == .cannotConnectToHost, "got \(String(describing: error))")
        }
        #expect(otherEvents.value == 0)
        #expect(delegate.log.values == ["didComplete"], "the pre-existing delegate hears of it too")
    }

    @Test func downloadFromAClosedPortFailsWithoutAFile() async throws {
        let port = try LoopbackHTTPServer.closedPort()
        let session = URLSession.on(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let finished = Counter()
        session.on.didFinishDownloading { _, _ in finished.increment() }
        let completions = Completions(of: session)
        let url = try #require(URL(string: "http://127.0.0.1:\(port)/big"))

        session.downloadTask(with: url).resume()
        try await completions.wait()

        let error = completions.errors.values.first.flatMap { $0 }
        #expect((error as? URLError)?.code == .cannotConnectToHost, "got \(String(describing: error))")
        #expect(finished.value == 0)
    }
}
