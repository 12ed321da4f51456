import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OnKit
import OnKitURLSession
import Testing

@Suite struct URLSessionDataTaskTests {
    @Test func dataTaskDeliversTheBodyInOrderedChunksThenCompletesOnce() async throws {
        let server = try LoopbackHTTPServer()
        let session = URLSession.on(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let chunks = Recorder<Data>()
        let responses = Recorder<Int>()
        session.on.didReceiveResponse { _, received in
            responses.append((received.response as? HTTPURLResponse)?.statusCode ?? -1)
            return .allow
        }
        session.on.didReceiveData { _, received in chunks.append(received.data) }
        let completions = Completions(of: session)

        session.dataTask(with: server.url("/big")).resume()
        try await completions.wait()

        #expect(chunks.count > 1, "a 1 MiB body arrives in several chunks")
        #expect(chunks.joined == LoopbackHTTPServer.bigBody)
        #expect(responses.values == [200])
        #expect(completions.statuses.values == [200])
        #expect(completions.errors.values.count == 1)
        #expect(completions.errors.values.first.map { $0 == nil } == true)
    }

    @Test func handlersRunOnTheDelegateQueueGivenAtCreation() async throws {
        let server = try LoopbackHTTPServer()
        let queue = OperationQueue()
        queue.name = "onkit.test.delegate-queue"
        queue.maxConcurrentOperationCount = 1
        let session = URLSession.on(configuration: .ephemeral, delegateQueue: queue)
        defer { session.invalidateAndCancel() }
        let queues = Recorder<String?>()
        session.on.didReceiveData { _, _ in queues.append(OperationQueue.current?.name) }
        let completions = Completions(of: session)

        session.dataTask(with: server.url("/hello")).resume()
        try await completions.wait()

        #expect(!queues.values.isEmpty)
        #expect(queues.values.allSatisfy { $0 == "onkit.test.delegate-queue" })
    }

    @Test func everyHandlerOfACallbackRunsAndEachIsRemovable() async throws {
        let server = try LoopbackHTTPServer()
        let session = URLSession.on(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let first = Recorder<Data>()
        let second = Recorder<Data>()
        let firstSubscription = session.on.didReceiveData { _, received in first.append(received.data) }
        session.on.didReceiveData { _, received in second.append(received.data) }
        let completions = Completions(of: session)

        session.dataTask(with: server.url("/hello")).resume()
        try await completions.wait(for: 1)
        #expect(first.joined == LoopbackHTTPServer.helloBody)
        #expect(second.joined == LoopbackHTTPServer.helloBody)

        #expect(firstSubscription.cancel())
        session.dataTask(with: server.url("/hello")).resume()
        try await completions.wait(for: 2)
        #expect(first.joined == LoopbackHTTPServer.helloBody, "removed: not called again")
        #expect(second.joined == LoopbackHTTPServer.helloBody + LoopbackHTTPServer.helloBody)
    }

    @Test func uploadTaskReportsBodyProgressUpToTheWholeBody() async throws {
        let server = try LoopbackHTTPServer()
        let session = URLSession.on(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let progress = Recorder<URLTransferProgress>()
        let body = Recorder<Data>()
        session.on.didSendBodyData { _, sent in progress.append(sent.progress) }
        session.on.didReceiveData { _, received in body.append(received.data) }
        let completions = Completions(of: session)
        let upload = Data(repeating: 7, count: 300_000)
        var request = URLRequest(url: server.url("/upload"))
        request.httpMethod = "POST"

        session.uploadTask(with: request, from: upload).resume()
        try await completions.wait()

        let reports = progress.values
        #expect(!reports.isEmpty)
        #expect(reports.last?.totalBytes == Int64(upload.count))
        #expect(reports.last?.totalBytesExpected == Int64(upload.count))
        #expect(reports.map(\.bytes).reduce(0, +) == Int64(upload.count), "increments add up")
        #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.totalBytes <= $1.totalBytes })
        #expect(String(decoding: body.joined, as: UTF8.self) == "\(upload.count)", "the server got it all")
    }

    /// swift-corelibs-foundation ignores the disposition it gets back (it logs "Ignoring
    /// disposition from completion handler"), so the combined answer is checked on the
    /// completion handler itself, calling the session's real delegate as URLSession does.
    @Test func responseDispositionCancelFromAnyHandlerWinsAndStopsTheAsking() async throws {
        let server = try LoopbackHTTPServer()
        let session = URLSession.on(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let asked = Recorder<String>()
        session.on.didReceiveResponse { _, _ in
            asked.append("first")
            return .allow
        }
        session.on.didReceiveResponse { _, _ in
            asked.append("second")
            return .cancel
        }
        session.on.didReceiveResponse { _, _ in
            asked.append("third")
            return .allow
        }
        let task = session.dataTask(with: server.url("/hello"))
        let response = URLResponse(url: server.url("/hello"), mimeType: nil, expectedContentLength: 0, textEncodingName: nil)
        let answers = Recorder<URLSession.ResponseDisposition>()

        try await callDelegate(of: session) { proxy in
            proxy.urlSession(session, dataTask: task, didReceive: response) { answers.append($0) }
        }

        #expect(answers.values == [.cancel])
        #expect(asked.values == ["first", "second"])
    }

    @Test func responseDispositionWithoutHandlersIsAllow() async throws {
        let server = try LoopbackHTTPServer()
        let session = URLSession.on(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let task = session.dataTask(with: server.url("/hello"))
        let response = URLResponse(url: server.url("/hello"), mimeType: nil, expectedContentLength: 0, textEncodingName: nil)
        let answers = Recorder<URLSession.ResponseDisposition>()

        try await callDelegate(of: session) { proxy in
            proxy.urlSession(session, dataTask: task, didReceive: response) { answers.append($0) }
        }

        #expect(answers.values == [.allow])
    }
}

@Suite struct URLSessionStreamedUploadTests {
    @Test func aStreamedUploadTakesItsBodyFromTheFirstHandlerThatGivesOne() async throws {
        let server = try LoopbackHTTPServer()
        let session = URLSession.on(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let upload = Data(repeating: 1, count: 50_000)
        let asked = Recorder<String>()
        session.on.needNewBodyStream { _, _ in
            asked.append("first")
            return nil
        }
        session.on.needNewBodyStream { _, _ in
            asked.append("second")
            return InputStream(data: upload)
        }
        session.on.needNewBodyStream { _, _ in
            asked.append("third")
            return InputStream(data: Data())
        }
        let body = Recorder<Data>()
        session.on.didReceiveData { _, received in body.append(received.data) }
        let completions = Completions(of: session)
        var request = URLRequest(url: server.url("/upload"))
        request.httpMethod = "POST"

        session.uploadTask(withStreamedRequest: request).resume()
        try await completions.wait()

        #expect(asked.values == ["first", "second"])
        #expect(String(decoding: body.joined, as: UTF8.self) == "\(upload.count)")
    }
}

@Suite struct URLSessionConcurrencyTests {
    @Test func concurrentTasksEachCompleteExactlyOnceWithTheirOwnBody() async throws {
        let server = try LoopbackHTTPServer()
        let session = URLSession.on(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let bytes = Recorder<(Int, Int)>()
        let completedTasks = Recorder<Int>()
        session.on.didReceiveData { _, received in bytes.append((received.task.taskIdentifier, received.data.count)) }
        session.on.didComplete { _, completed in
            if completed.error == nil { completedTasks.append(completed.task.taskIdentifier) }
        }
        let paths = ["/hello", "/big", "/hello", "/big", "/hello", "/big", "/hello", "/big"]

        // Resumed from several threads at once.
        let tasks = paths.map { session.dataTask(with: server.url($0)) }
        DispatchQueue.concurrentPerform(iterations: tasks.count) { tasks[$0].resume() }
        try await waitUntil("\(tasks.count) completions") { completedTasks.count >= tasks.count }

        #expect(completedTasks.values.sorted() == tasks.map(\.taskIdentifier).sorted(), "each task once")
        let received = Dictionary(bytes.values.map { ($0.0, $0.1) }, uniquingKeysWith: +)
        for (task, path) in zip(tasks, paths) {
            let expected = path == "/big" ? LoopbackHTTPServer.bigBody.count : LoopbackHTTPServer.helloBody.count
            #expect(received[task.taskIdentifier] == expected, "\(path)")
        }
    }
}
