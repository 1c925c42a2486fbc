// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import TempestTestKit
import Testing
import WebSocket

/// The opening handshake against a real local server.
@Suite("WebSocket handshake", .serialized)
struct WebSocketHandshakeTests {
    @Test("the upgrade carries the RFC 6455 headers, a fresh 16-byte key and our User-Agent")
    func upgradeRequest() throws {
        let server = try LocalWebSocketServer()
        let first = try openConnection(to: server.baseURL)
        let second = try openConnection(to: server.baseURL)
        defer {
            first.close()
            second.close()
        }
        let handshakes = server.handshakes
        try #require(handshakes.count == 2)
        let request = handshakes[0]
        #expect(request.path == "/swd/data" && request.query == "token=\(testToken)")
        #expect(request.headers["host"] == "127.0.0.1:\(server.port)")
        #expect(request.headers["upgrade"]?.lowercased() == "websocket")
        #expect(request.headers["connection"]?.lowercased() == "upgrade")
        #expect(request.headers["sec-websocket-version"] == "13")
        #expect(request.headers["user-agent"]?.hasPrefix("tempest-gateway/") == true)
        #expect(request.headers["sec-websocket-extensions"] == nil && request.headers["sec-websocket-protocol"] == nil)
        let key = try #require(request.headers["sec-websocket-key"])
        #expect(Data(base64Encoded: key)?.count == 16)
        #expect(handshakes[1].headers["sec-websocket-key"] != key)
    }

    @Test("a wrong Sec-WebSocket-Accept is refused")
    func wrongAccept() throws {
        let server = try LocalWebSocketServer()
        server.sendWrongAccept()
        let error = webSocketError { _ = try openConnection(to: server.baseURL) }
        #expect(error?.code == .handshakeRefused(status: 101))
        #expect(error?.description.contains("Sec-WebSocket-Accept") == true)
        #expect(server.handshakes.count == 1)
    }

    @Test("an HTTP 401 answer is handshakeRefused(status: 401), without the token")
    func refusedWithStatus() throws {
        let server = try LocalWebSocketServer()
        server.refuseUpgrades(status: 401)
        let error = try #require(webSocketError { _ = try openConnection(to: server.baseURL) })
        #expect(error.code == .handshakeRefused(status: 401))
        #expect(error.description.contains("401") && !error.description.contains(testToken))
    }

    @Test("a frame that arrives with the 101 answer is the first message")
    func bytesAfterTheHeadAreKept() throws {
        let server = try LocalWebSocketServer()
        server.greet(with: "{\"type\":\"connection_opened\"}")
        let connection = try openConnection(to: server.baseURL)
        defer { connection.close() }
        #expect(try connection.receive(timeoutSeconds: 5) == .text("{\"type\":\"connection_opened\"}"))
    }

    @Test("no listener is connectFailed; other schemes are refused before connecting")
    func connectFailures() throws {
        let port = try FreePort.tcp()
        let refused = webSocketError { _ = try openConnection(to: "ws://127.0.0.1:\(port)") }
        #expect(refused?.code == .connectFailed)
        let wrongScheme = webSocketError { _ = try openConnection(to: "http://127.0.0.1:\(port)") }
        #expect(wrongScheme?.code == .connectFailed)
        for error in [refused, wrongScheme] {
            #expect(error?.description.contains(testToken) == false)
        }
    }
}
