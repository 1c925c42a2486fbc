// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation

/// A plain HTTP client for the test kit's database servers on 127.0.0.1:
/// one HTTP/1.0 request per connection, read until the server closes it, so
/// no keep-alive and (from Go's server, which VictoriaMetrics and InfluxDB
/// use) no chunked answers. Every wait is bounded: the socket's send and
/// receive timeouts, and at most `maximumBodyBytes` read.
public enum LoopbackHTTPClient {
    /// An answer: its status code, its header lines and its body.
    public struct Response: Sendable {
        /// The status code (`204`).
        public var status: Int
        /// The header fields as sent, names as the server wrote them.
        public var headers: [(name: String, value: String)]
        /// The body's bytes.
        public var body: [UInt8]

        /// The body as UTF-8 text.
        public var text: String { String(decoding: body, as: UTF8.self) }

        /// The value of the header field `name` (case-insensitive), if sent.
        public func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }
    }

    /// A user name and password sent as `Authorization: Basic …`.
    public struct BasicCredentials: Sendable {
        public var user: String
        public var password: String
        public init(user: String, password: String) {
            self.user = user
            self.password = password
        }

        /// The header field's value.
        public var headerValue: String { "Basic " + Data("\(user):\(password)".utf8).base64EncodedString() }
    }

    /// The largest body read (64 MiB): a bound, far above any test's answer.
    public static let maximumBodyBytes = 64 << 20

    /// Sends `method target` to 127.0.0.1:`port` with `body` and returns
    /// the answer; throws when the server cannot be reached, stops
    /// answering for `timeoutSeconds`, or sends no HTTP status line.
    public static func request(
        port: UInt16, method: String = "GET", target: String, body: [UInt8] = [],
        headers: [(String, String)] = [], credentials: BasicCredentials? = nil, timeoutSeconds: Double = 30
    ) throws -> Response {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw TestKitError("socket() failed with errno \(errno)") }
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: Int(timeoutSeconds), tv_usec: Int(timeoutSeconds.truncatingRemainder(dividingBy: 1) * 1_000_000))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = LoopbackListener.address(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            throw TestKitError("cannot connect to 127.0.0.1:\(port): \(String(cString: strerror(errno)))")
        }
        var head = "\(method) \(target) HTTP/1.0\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: \(body.count)\r\n"
        if let credentials { head += "Authorization: \(credentials.headerValue)\r\n" }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        guard LoopbackListener.sendAll(descriptor, Array(head.utf8) + body) else {
            throw TestKitError("\(method) \(target) to 127.0.0.1:\(port): sending failed: \(String(cString: strerror(errno)))")
        }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        // Each round reads at least a byte, so the count bounds the rounds.
        while received.count <= maximumBodyBytes {
            let count = recv(descriptor, &chunk, chunk.count, 0)
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw TestKitError(
                    "\(method) \(target) to 127.0.0.1:\(port): no complete answer within \(timeoutSeconds) s "
                        + "(\(received.count) bytes so far): \(String(cString: strerror(errno)))")
            }
            received += chunk[0..<count]
        }
        return try parse(received, request: "\(method) \(target) to 127.0.0.1:\(port)")
    }

    /// Splits a whole answer into status line, header fields and body,
    /// joining a chunked body.
    static func parse(_ bytes: [UInt8], request: String) throws -> Response {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let end = bytes.firstRange(of: separator) else {
            throw TestKitError("\(request): no HTTP answer: \(String(decoding: bytes.prefix(200), as: UTF8.self))")
        }
        let lines = String(decoding: bytes[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, statusParts[0].hasPrefix("HTTP/"), let status = Int(statusParts[1]) else {
            throw TestKitError("\(request): not an HTTP status line: \(lines[0])")
        }
        let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var response = Response(status: status, headers: headers, body: Array(bytes[end.upperBound...]))
        if response.header("Transfer-Encoding")?.lowercased() == "chunked" {
            response.body = try dechunked(response.body, request: request)
        }
        return response
    }

    private static func dechunked(_ bytes: [UInt8], request: String) throws -> [UInt8] {
        var body: [UInt8] = []
        var position = 0
        // Each chunk's size line moves `position` on by at least three bytes.
        while position < bytes.count {
            guard let lineEnd = bytes[position...].firstRange(of: Array("\r\n".utf8)),
                let size = Int(String(decoding: bytes[position..<lineEnd.lowerBound], as: UTF8.self)
                    .split(separator: ";").first ?? "", radix: 16)
            else { throw TestKitError("\(request): a chunked body without a chunk size") }
            if size == 0 { return body }
            let start = lineEnd.upperBound
            guard start + size <= bytes.count else { throw TestKitError("\(request): a chunk cut short") }
            body += bytes[start..<(start + size)]
            position = start + size + 2
        }
        return body
    }

    /// `text` percent-encoded for a query value (everything but unreserved
    /// characters).
    public static func queryValue(_ text: String) -> String {
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// `pairs` as a query string (`a=1&b=2`), each value percent-encoded.
    public static func query(_ pairs: [(String, String)]) -> String {
        pairs.map { "\($0.0)=\(queryValue($0.1))" }.joined(separator: "&")
    }
}
