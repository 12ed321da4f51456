import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1, for tests that need a real server (no mocked session).
///
/// - Binds only 127.0.0.1, on a port the system picks (`port`).
/// - Serves one request per connection and closes it (`Connection: close`), each connection
///   on its own thread, with socket timeouts so that no thread can wait forever.
/// - Stops itself: `stop()` (also run by `deinit`) ends the accept loop, closes every socket
///   and waits for the connection threads.
///
/// Routes:
/// - `GET /hello`: 200, body `LoopbackHTTPServer.helloBody`.
/// - `GET /big`: 200, `LoopbackHTTPServer.bigBody` (1 MiB: curl hands it over in many chunks).
/// - `GET /redirect`: 302 to `/hello`, with a short body of its own.
/// - `POST /upload`: 200, body = the number of bytes received, in decimal (the body may come
///   with a `Content-Length` or chunked, as curl sends a streamed upload).
/// - `GET /auth`: 200 with `authBody` when the request carries HTTP Basic credentials
///   `LoopbackHTTPServer.user` / `password`; otherwise 401 with
///   `WWW-Authenticate: Basic realm="onkit"`.
/// - anything else: 404.
final class LoopbackHTTPServer: Sendable {
    static let helloBody = Data("Hello from OnKit's loopback server".utf8)
    static let redirectBody = Data("Moved to /hello".utf8)
    static let authBody = Data("Welcome, onkit".utf8)
    static let user = "onkit"
    static let password = "secret"

    /// 1 MiB of a repeating, position-dependent pattern, so that a reordered or lost chunk shows.
    static let bigBody = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) })

    /// Errors from setting up the listening socket.
    struct SocketError: Error, CustomStringConvertible {
        let call: String
        let code: Int32
        var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
    }

    /// The port the server listens on, at 127.0.0.1.
    let port: UInt16
    /// The running part, shared with the server's threads. The threads hold only this, never
    /// the server, so that dropping the server runs `deinit`, which stops them.
    private let loop: AcceptLoop

    /// Starts listening on 127.0.0.1 at a free port and serving on a background thread.
    init() throws {
        let (socket, port) = try Self.bindLoopback()
        guard listen(socket, 16) == 0 else {
            let code = errno
            close(socket)
            throw SocketError(call: "listen", code: code)
        }
        self.port = port
        loop = AcceptLoop(listener: socket)
        let thread = Thread { [loop] in loop.run() }
        thread.name = "LoopbackHTTPServer.accept"
        thread.start()
    }

    deinit { stop() }

    /// The URL of `path` on this server.
    func url(_ path: String) -> URL {
        // Sound: "http://127.0.0.1:<port>/<path>" is a valid URL for the ASCII paths tests use.
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    /// The paths requested so far, in arrival order.
    var requestedPaths: [String] { loop.requestedPaths }

    /// Stops accepting, closes the listening socket and waits (bounded) for open connections.
    func stop() {
        loop.stop()
    }

    /// A loopback port that nothing listens on: bound to find a free one, then closed.
    static func closedPort() throws -> UInt16 {
        let (socket, port) = try bindLoopback()
        close(socket)
        return port
    }

    /// The accept loop and its connections.
    private final class AcceptLoop: Sendable {
        private let listener: Int32
        private let lock = NSLock()
        private let state = State()
        private let connections = DispatchGroup()
        private let ended = DispatchSemaphore(value: 0)

        private final class State: @unchecked Sendable {
            // @unchecked is sound: every field is only touched while `AcceptLoop.lock` is held.
            var stopping = false
            var requestedPaths: [String] = []
        }

        init(listener: Int32) {
            self.listener = listener
        }

        var requestedPaths: [String] { lock.withLock { state.requestedPaths } }

        private var isStopping: Bool { lock.withLock { state.stopping } }

        func stop() {
            let first = lock.withLock {
                let first = !state.stopping
                state.stopping = true
                return first
            }
            guard first else { return }
            // The loop polls with a short timeout, sees `stopping`, closes the socket and signals.
            _ = ended.wait(timeout: .now() + 10)
            _ = connections.wait(timeout: .now() + 10)
        }

        func run() {
            defer {
                close(listener)
                ended.signal()
            }
            // Bounded: it ends when stopped, and in any case after this many connections.
            var served = 0
            while !isStopping && served < 10_000 {
                var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 50) > 0 else { continue }
                let client = accept(listener, nil, nil)
                guard client >= 0 else { continue }
                served += 1
                LoopbackHTTPServer.setTimeouts(on: client, seconds: 5)
                connections.enter()
                Thread.detachNewThread { [self] in
                    serve(client)
                    close(client)
                    connections.leave()
                }
            }
        }

        private func serve(_ client: Int32) {
            guard let request = LoopbackHTTPServer.readRequest(from: client) else { return }
            lock.withLock { state.requestedPaths.append(request.path) }
            LoopbackHTTPServer.write(LoopbackHTTPServer.respond(to: request), to: client)
        }
    }

    // MARK: Sockets

    private static func bindLoopback() throws -> (Int32, UInt16) {
        #if canImport(Glibc)
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard socket >= 0 else { throw SocketError(call: "socket", code: errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0  // the system picks a free port
        address.sin_addr.s_addr = inet_addr("127.0.0.1")  // loopback only, never any other
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else {
            let code = errno
            close(socket)
            throw SocketError(call: "bind", code: code)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        guard named == 0 else {
            let code = errno
            close(socket)
            throw SocketError(call: "getsockname", code: code)
        }
        return (socket, UInt16(bigEndian: address.sin_port))
    }

    fileprivate static func setTimeouts(on socket: Int32, seconds: Int) {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        let size = socklen_t(MemoryLayout<timeval>.size)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, size)
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &timeout, size)
    }

    // MARK: HTTP

    fileprivate struct Request {
        var method: String
        var path: String
        /// Header fields, names lowercased.
        var headers: [String: String]
        var body: Data
    }

    fileprivate struct Response {
        var status: Int
        var reason: String
        var headers: [(String, String)] = []
        var body = Data()
    }

    fileprivate static func respond(to request: Request) -> Response {
        switch (request.method, request.path) {
        case ("GET", "/hello"):
            return Response(status: 200, reason: "OK", body: helloBody)
        case ("GET", "/big"):
            return Response(status: 200, reason: "OK", body: bigBody)
        case ("GET", "/redirect"):
            return Response(status: 302, reason: "Found", headers: [("Location", "/hello")], body: redirectBody)
        case ("POST", "/upload"):
            return Response(status: 200, reason: "OK", body: Data("\(request.body.count)".utf8))
        case ("GET", "/auth"):
            let expected = "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
            if request.headers["authorization"] == expected {
                return Response(status: 200, reason: "OK", body: authBody)
            }
            return Response(
                status: 401, reason: "Unauthorized",
                headers: [("WWW-Authenticate", "Basic realm=\"onkit\"")], body: Data("denied".utf8)
            )
        default:
            return Response(status: 404, reason: "Not Found", body: Data("no such route".utf8))
        }
    }

    /// Reads the head (up to 64 KiB) and a `Content-Length` body (up to 16 MiB); nil if the peer
    /// closed, timed out or sent something that is not HTTP.
    fileprivate static func readRequest(from client: Int32) -> Request? {
        var received = Data()
        let separator = Data("\r\n\r\n".utf8)
        var headEnd: Range<Data.Index>?
        while headEnd == nil {
            guard received.count < 64 * 1024, let chunk = readChunk(from: client) else { return nil }
            received.append(chunk)
            headEnd = received.range(of: separator)
        }
        guard let headEnd, let head = String(data: received[..<headEnd.lowerBound], encoding: .utf8) else {
            return nil
        }
        let lines = head.components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ")
        guard parts.count == 3 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            let field = line.split(separator: ":", maxSplits: 1)
            if field.count == 2 {
                headers[field[0].lowercased()] = field[1].trimmingCharacters(in: .whitespaces)
            }
        }
        var rest = Data(received[headEnd.upperBound...])
        if headers["expect"]?.lowercased() == "100-continue" {
            // Otherwise curl waits a second before it sends the body.
            let proceed = Data("HTTP/1.1 100 Continue\r\n\r\n".utf8)
            _ = proceed.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }
        let body: Data
        if headers["transfer-encoding"]?.lowercased() == "chunked" {
            guard let decoded = readChunkedBody(from: client, buffered: &rest) else { return nil }
            body = decoded
        } else {
            let contentLength = headers["content-length"].flatMap { Int($0) } ?? 0
            guard contentLength <= 16 << 20 else { return nil }
            while rest.count < contentLength {
                guard let chunk = readChunk(from: client) else { return nil }
                rest.append(chunk)
            }
            body = rest
        }
        return Request(method: String(parts[0]), path: String(parts[1]), headers: headers, body: body)
    }

    /// Decodes a `Transfer-Encoding: chunked` body (what curl sends for a streamed upload);
    /// nil if the peer stops early or sends more than 16 MiB.
    private static func readChunkedBody(from client: Int32, buffered: inout Data) -> Data? {
        let lineEnd = Data("\r\n".utf8)
        var body = Data()
        while true {
            var sizeLineEnd = buffered.range(of: lineEnd)
            while sizeLineEnd == nil {
                guard buffered.count < 1024, let more = readChunk(from: client) else { return nil }
                buffered.append(more)
                sizeLineEnd = buffered.range(of: lineEnd)
            }
            guard let sizeLineEnd,
                  let sizeLine = String(data: buffered[..<sizeLineEnd.lowerBound], encoding: .utf8),
                  let size = Int(sizeLine.split(separator: ";")[0], radix: 16),
                  size >= 0, body.count + size <= 16 << 20
            else { return nil }
            buffered = Data(buffered[sizeLineEnd.upperBound...])
            while buffered.count < size + 2 {  // the chunk and its CRLF
                guard let more = readChunk(from: client) else { return nil }
                buffered.append(more)
            }
            if size == 0 { return body }  // last chunk (no trailers from curl)
            body.append(buffered.prefix(size))
            buffered = Data(buffered.dropFirst(size + 2))
        }
    }

    private static func readChunk(from client: Int32) -> Data? {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        let count = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Data(buffer[..<count])
    }

    fileprivate static func write(_ response: Response, to client: Int32) {
        var head = "HTTP/1.1 \(response.status) \(response.reason)\r\n"
        head += "Content-Length: \(response.body.count)\r\nConnection: close\r\n"
        for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        var bytes = Data(head.utf8)
        bytes.append(response.body)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { buffer in
                // Sound: `bytes` holds at least the status line, so its buffer has an address.
                send(client, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
            }
            guard sent > 0 else { return }  // peer gone or timed out: nothing more to do
            offset += sent
        }
    }
}
