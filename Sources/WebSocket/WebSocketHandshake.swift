// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import SystemSupport

/// The opening handshake of RFC 6455 section 4, client side: the upgrade
/// request with a fresh key, and the check of the server's answer.
struct WebSocketHandshake {
    /// The GUID RFC 6455 (section 1.3) appends to the key before hashing.
    static let acceptGUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
    /// The longest response head accepted (status line and headers).
    static let maximumResponseHeadBytes = 16 * 1_024

    /// `Sec-WebSocket-Key`: 16 random bytes, Base64-encoded.
    let key: String

    /// A handshake with `keyBytes` as its key (16 bytes; random in use).
    init(keyBytes: [UInt8]) {
        key = Base64.encode(keyBytes)
    }

    /// A handshake with a key from the system's random source
    /// (`SystemRandomNumberGenerator`, which is `getrandom` on Linux).
    static func random() -> WebSocketHandshake {
        var generator = SystemRandomNumberGenerator()
        return WebSocketHandshake(keyBytes: (0..<16).map { _ in generator.next() })
    }

    /// The `Sec-WebSocket-Accept` a server must answer `key` with.
    static func accept(forKey key: String) -> String {
        Base64.encode(SHA1.digest(Array((key + acceptGUID).utf8)))
    }

    /// The upgrade request for `url`. No extensions and no subprotocols
    /// are offered, so none may be accepted.
    func request(for url: WebSocketURL, userAgent: String) -> [UInt8] {
        let lines = [
            "GET \(url.target) HTTP/1.1",
            "Host: \(url.hostHeader)",
            "Upgrade: websocket",
            "Connection: Upgrade",
            "Sec-WebSocket-Key: \(key)",
            "Sec-WebSocket-Version: 13",
            "User-Agent: \(userAgent)",
        ]
        return Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }

    /// Where the response head in `buffer` ends (the index after its blank
    /// line), or nil while it is incomplete.
    static func headEnd(in buffer: [UInt8]) -> Int? {
        guard buffer.count >= 4 else { return nil }
        for index in 3..<buffer.count
        where buffer[index] == 10 && buffer[index - 1] == 13 && buffer[index - 2] == 10 && buffer[index - 3] == 13 {
            return index + 1
        }
        return nil
    }

    /// Checks the response head (up to its blank line): status 101, the
    /// upgrade headers, the accept value, and no extension or subprotocol.
    /// Throws `.handshakeRefused(status:)` otherwise; `redactedURL` names
    /// the endpoint in the message.
    func verify(responseHead: ArraySlice<UInt8>, redactedURL: String) throws(WebSocketError) {
        let text = String(decoding: responseHead, as: UTF8.self)
        let lines = text.split(separator: "\r\n", omittingEmptySubsequences: true)
        let statusParts = lines.first?.split(separator: " ", maxSplits: 2) ?? []
        guard statusParts.count >= 2, statusParts[0].hasPrefix("HTTP/1."), let status = Int(statusParts[1]) else {
            throw WebSocketError(.handshakeRefused(status: 0), "\(redactedURL) did not answer the WebSocket upgrade with HTTP")
        }
        func refuse(_ why: String) -> WebSocketError {
            WebSocketError(.handshakeRefused(status: status), "\(redactedURL) refused the WebSocket upgrade: \(why)")
        }
        guard status == 101 else {
            let reason = statusParts.count > 2 ? " \(statusParts[2])" : ""
            throw refuse("HTTP \(status)\(reason)")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingWhitespace()
            headers[name] = headers[name].map { $0 + ", " + value } ?? value
        }
        guard headers["upgrade"]?.lowercased() == "websocket" else { throw refuse("no \"Upgrade: websocket\" in the answer") }
        guard let connection = headers["connection"]?.lowercased(),
            connection.split(separator: ",").contains(where: { $0.trimmingWhitespace() == "upgrade" })
        else { throw refuse("no \"Connection: Upgrade\" in the answer") }
        guard headers["sec-websocket-accept"] == Self.accept(forKey: key) else {
            throw refuse("Sec-WebSocket-Accept does not match the key sent")
        }
        if let extensions = headers["sec-websocket-extensions"], !extensions.isEmpty {
            throw refuse("it chose the extension \"\(extensions)\", which was not offered")
        }
        if let subprotocol = headers["sec-websocket-protocol"], !subprotocol.isEmpty {
            throw refuse("it chose the subprotocol \"\(subprotocol)\", which was not offered")
        }
    }
}
