// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation

/// A scripted HTTP/1.1 server on 127.0.0.1 and a free port, for testing HTTP
/// clients against real sockets. Every connection is answered with
/// `Connection: close` on its own thread. Routes match method + path (the
/// query is ignored for matching and recorded for assertions). The server
/// stops when `stop()` is called or the value is released.
public final class LocalHTTPServer: @unchecked Sendable {
    /// One scripted answer.
    public struct Response: Sendable {
        /// Status code.
        public var status: Int
        /// Extra headers (Content-Length and Connection are added).
        public var headers: [(String, String)]
        /// The body.
        public var body: [UInt8]
        /// Seconds to wait after the headers before sending the body.
        public var delayBeforeBodySeconds: Double
        /// When set, announce this Content-Length but send only `body`, then close.
        public var announcedLength: Int?

        /// Creates a scripted response.
        public init(status: Int = 200, headers: [(String, String)] = [("Content-Type", "application/json")],
                    body: String = "", delayBeforeBodySeconds: Double = 0, announcedLength: Int? = nil) {
            self.status = status
            self.headers = headers
            self.body = Array(body.utf8)
            self.delayBeforeBodySeconds = delayBeforeBodySeconds
            self.announcedLength = announcedLength
        }

        /// Creates a scripted response with a binary body (e.g. gzip data).
        public init(status: Int = 200, headers: [(String, String)], bytes: [UInt8]) {
            self.init(status: status, headers: headers)
            self.body = bytes
        }
    }

    /// A request the server received.
    public struct RecordedRequest: Sendable {
        /// Method, e.g. `GET`.
        public var method: String
        /// The full request target, path and query.
        public var target: String
        /// The path without the query.
        public var path: String
        /// The query without `?` (empty when none).
        public var query: String
        /// Headers with lower-cased names.
        public var headers: [String: String]
        /// The body (as many bytes as Content-Length announced and arrived).
        public var body: [UInt8] = []

        /// The body as text.
        public var bodyText: String { String(decoding: body, as: UTF8.self) }

        /// The value of query parameter `name`, if present.
        public func queryValue(_ name: String) -> String? {
            for pair in query.split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.first.map(String.init) == name { return parts.count > 1 ? String(parts[1]) : "" }
            }
            return nil
        }
    }

    /// The port the server listens on.
    public let port: UInt16
    /// `http://127.0.0.1:<port>`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    // Threads hold the core, never the server, so releasing the server at
    // the end of a test stops it.
    private let core: Core

    /// Starts listening on a free loopback port.
    public init() throws {
        let (descriptor, port) = try LoopbackListener.open(backlog: 64)
        self.port = port
        let core = Core(listener: descriptor)
        self.core = core
        Thread { core.acceptLoop() }.start()
    }

    deinit { core.stop() }

    /// Stops accepting and wakes delayed responses so they finish early.
    public func stop() { core.stop() }

    /// Scripts `GET path` (or another method) to answer with `responses` in
    /// turn; the last one repeats.
    public func route(_ path: String, method: String = "GET", _ responses: Response...) {
        route(path, method: method, responses: responses)
    }

    /// Scripts `method path` with a sequence of responses; the last one repeats.
    public func route(_ path: String, method: String = "GET", responses: [Response]) {
        core.lock.lock()
        core.routes["\(method) \(path)"] = responses
        core.lock.unlock()
    }

    /// Answers `method path` by calling `handler` with each request (for
    /// answers that depend on the query, such as a time window).
    public func route(_ path: String, method: String = "GET", handler: @escaping @Sendable (RecordedRequest) -> Response) {
        core.lock.lock()
        core.handlers["\(method) \(path)"] = handler
        core.lock.unlock()
    }

    /// Every request received so far, oldest first.
    public var requests: [RecordedRequest] {
        core.lock.lock()
        defer { core.lock.unlock() }
        return core.recorded
    }

    private final class Core: @unchecked Sendable {
        let listener: Int32
        let lock = NSLock()
        var routes: [String: [Response]] = [:]
        var handlers: [String: @Sendable (RecordedRequest) -> Response] = [:]
        var recorded: [RecordedRequest] = []
        var stopped = false

        init(listener: Int32) { self.listener = listener }

        var isStopped: Bool {
            lock.lock()
            defer { lock.unlock() }
            return stopped
        }

        func stop() {
            lock.lock()
            let wasStopped = stopped
            stopped = true
            lock.unlock()
            if !wasStopped {
                // shutdown wakes the thread blocked in accept().
                shutdown(listener, Int32(SHUT_RDWR))
                close(listener)
            }
        }

        func acceptLoop() {
            LoopbackListener.acceptLoop(listener, isStopped: { isStopped }) { [self] in serve($0) }
        }

        func serve(_ connection: Int32) {
            var timeout = timeval(tv_sec: 5, tv_usec: 0)
            setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var received: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            let terminator: [UInt8] = [13, 10, 13, 10]
            while received.count < 65_536 {
                let count = recv(connection, &buffer, buffer.count, 0)
                guard count > 0 else { return }
                received.append(contentsOf: buffer[0..<count])
                if received.count >= 4, received.indices.dropLast(3).contains(where: { Array(received[$0..<$0 + 4]) == terminator }) { break }
            }
            let headerEnd = received.indices.dropLast(3).first { Array(received[$0..<$0 + 4]) == terminator }.map { $0 + 4 } ?? received.count
            let text = String(decoding: received[..<headerEnd], as: UTF8.self)
            let lines = text.components(separatedBy: "\r\n")
            let requestLine = lines[0].split(separator: " ")
            guard requestLine.count >= 2 else { return }
            let method = String(requestLine[0])
            let target = String(requestLine[1])
            let pathAndQuery = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
            var headers: [String: String] = [:]
            for line in lines.dropFirst() where !line.isEmpty {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            var request = RecordedRequest(
                method: method, target: target, path: String(pathAndQuery[0]),
                query: pathAndQuery.count > 1 ? String(pathAndQuery[1]) : "", headers: headers)
            // A POST's body: what came with the head, then the rest (bounded, 16 MiB).
            if let length = headers["content-length"].flatMap(Int.init), length > 0 {
                if headers["expect"]?.lowercased() == "100-continue" { _ = send(connection, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)) }
                var body = Array(received[headerEnd...])
                let wanted = min(length, 16 << 20)
                while body.count < wanted {
                    let count = recv(connection, &buffer, min(buffer.count, wanted - body.count), 0)
                    guard count > 0 else { break }
                    body.append(contentsOf: buffer[0..<count])
                }
                request.body = body
            }

            lock.lock()
            recorded.append(request)
            let key = "\(method) \(request.path)"
            var response = Response(status: 404, body: "{\"status\":{\"status_code\":404,\"status_message\":\"NOT FOUND\"}}")
            if let handler = handlers[key] {
                response = handler(request)
            } else if var script = routes[key], let first = script.first {
                response = first
                if script.count > 1 { script.removeFirst() }
                routes[key] = script
            }
            lock.unlock()

            var head = "HTTP/1.1 \(response.status) \(LocalHTTPServer.reason(response.status))\r\n"
            for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
            head += "Content-Length: \(response.announcedLength ?? response.body.count)\r\nConnection: close\r\n\r\n"
            guard send(connection, Array(head.utf8)) else { return }
            if response.delayBeforeBodySeconds > 0 {
                let deadline = Date().addingTimeInterval(response.delayBeforeBodySeconds)
                while Date() < deadline, !isStopped { Thread.sleep(forTimeInterval: 0.02) }
            }
            _ = send(connection, response.body)
        }

        func send(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
            LoopbackListener.sendAll(connection, bytes)
        }
    }

    fileprivate static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 302: "Found"
        case 401: "Unauthorized"
        case 404: "Not Found"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}
