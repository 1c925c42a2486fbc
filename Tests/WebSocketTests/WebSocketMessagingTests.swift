// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import TempestTestKit
import Testing
import WebSocket

/// Messages, pings and the frames a server may not send, over real sockets.
@Suite("WebSocket messaging", .serialized)
struct WebSocketMessagingTests {
    @Test("text goes both ways, and every client frame is masked")
    func textBothWays() throws {
        let server = try LocalWebSocketServer()
        server.onText { ["echo: " + $0] }
        let connection = try openConnection(to: server.baseURL)
        defer { connection.close() }
        let long = String(repeating: "é", count: 40_000)
        for text in ["{\"type\":\"listen_start\"}", long] {
            try connection.send(text: text)
            #expect(try connection.receive(timeoutSeconds: 5) == .text("echo: " + text))
        }
        try connection.ping()
        #expect(server.waitFor(timeoutSeconds: 5) { $0.receivedFrames.count == 3 })
        #expect(server.receivedTexts == ["{\"type\":\"listen_start\"}", long])
        #expect(server.receivedFrames.allSatisfy { $0.isMasked })
        server.send(text: "unsolicited")
        #expect(try connection.receive(timeoutSeconds: 5) == .text("unsolicited"))
    }

    @Test("fragments are joined, with a ping between them answered with its payload")
    func fragmentsAndPing() throws {
        let server = try LocalWebSocketServer()
        let connection = try openConnection(to: server.baseURL)
        defer { connection.close() }
        server.sendRaw(
            bytes: LocalWebSocketServer.frame(opcode: 1, payload: Array("Hel".utf8), isFinal: false)
                + LocalWebSocketServer.frame(opcode: 9, payload: [1, 2, 3])
                + LocalWebSocketServer.frame(opcode: 0, payload: Array("lo ".utf8), isFinal: false)
                + LocalWebSocketServer.frame(opcode: 10, payload: [9])
                + LocalWebSocketServer.frame(opcode: 0, payload: Array("world".utf8)))
        #expect(try connection.receive(timeoutSeconds: 5) == .text("Hello world"))
        #expect(server.waitFor(timeoutSeconds: 5) { $0.receivedFrames.contains { $0.opcode == 10 } })
        #expect(server.receivedFrames.filter { $0.opcode == 10 }.map { $0.payload } == [[1, 2, 3]])
        server.sendRaw(bytes: LocalWebSocketServer.frame(opcode: 2, payload: [0, 255]))
        #expect(try connection.receive(timeoutSeconds: 5) == .binary([0, 255]))
    }

    @Test("a timeout returns nil and keeps a partial frame for the next call")
    func partialFrameSurvivesTimeout() throws {
        let server = try LocalWebSocketServer()
        let connection = try openConnection(to: server.baseURL)
        defer { connection.close() }
        let frame = LocalWebSocketServer.frame(opcode: 1, payload: Array("split across calls".utf8))
        server.sendRaw(bytes: Array(frame.prefix(7)))
        #expect(try connection.receive(timeoutSeconds: 0.3) == nil)
        server.sendRaw(bytes: Array(frame.dropFirst(7)))
        #expect(try connection.receive(timeoutSeconds: 5) == .text("split across calls"))
    }

    @Test("a message over the bound is messageTooLarge and the server sees close 1009", arguments: [false, true])
    func messageTooLarge(fragmented: Bool) throws {
        let server = try LocalWebSocketServer()
        let connection = try openConnection(to: server.baseURL, options: WebSocketOptions(connectTimeoutSeconds: 5, maximumMessageBytes: 1_000))
        defer { connection.close() }
        let half = [UInt8](repeating: UInt8(ascii: "x"), count: 600)
        if fragmented {
            server.sendRaw(bytes: LocalWebSocketServer.frame(opcode: 1, payload: half, isFinal: false) + LocalWebSocketServer.frame(opcode: 0, payload: half))
        } else {
            server.send(text: String(repeating: "x", count: 1_001))
        }
        let error = webSocketError { _ = try connection.receive(timeoutSeconds: 5) }
        #expect(error?.code == .messageTooLarge)
        #expect(server.waitFor(timeoutSeconds: 5) { $0.receivedFrames.contains { $0.closeCode == 1009 } })
        // The connection is finished: later calls throw the same error.
        #expect(webSocketError { try connection.send(text: "late") }?.code == .messageTooLarge)
    }

    /// Frames a server must never send.
    static let violations: [(String, [UInt8])] = [
        ("masked", LocalWebSocketServer.frame(opcode: 1, payload: Array("hi".utf8), maskKey: [1, 2, 3, 4])),
        ("unknown opcode", LocalWebSocketServer.frame(opcode: 3, payload: [])),
        ("reserved bit", LocalWebSocketServer.frame(opcode: 1, payload: Array("hi".utf8), reservedBits: 4)),
        ("bad UTF-8", LocalWebSocketServer.frame(opcode: 1, payload: [0xFF, 0xFE])),
        ("long ping", LocalWebSocketServer.frame(opcode: 9, payload: [UInt8](repeating: 0, count: 126))),
        ("fragmented ping", LocalWebSocketServer.frame(opcode: 9, payload: [], isFinal: false)),
        ("stray continuation", LocalWebSocketServer.frame(opcode: 0, payload: Array("hi".utf8))),
        ("one-byte close", LocalWebSocketServer.frame(opcode: 8, payload: [3])),
    ]

    @Test("a frame no server may send is protocolViolation and the server sees close 1002", arguments: violations.map(\.0))
    func protocolViolation(kind: String) throws {
        let bytes = try #require(Self.violations.first { $0.0 == kind }?.1)
        let server = try LocalWebSocketServer()
        let connection = try openConnection(to: server.baseURL)
        defer { connection.close() }
        server.sendRaw(bytes: bytes)
        let error = webSocketError { _ = try connection.receive(timeoutSeconds: 5) }
        #expect(error?.code == .protocolViolation)
        #expect(server.waitFor(timeoutSeconds: 5) { $0.receivedFrames.contains { $0.closeCode == 1002 } })
    }
}
