// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import TempestTestKit
import Testing
import WebSocket

/// How connections end: by the server, by the network, by us.
@Suite("WebSocket closing", .serialized)
struct WebSocketClosingTests {
    @Test("a close from the server is closedByPeer, and the server sees its code echoed")
    func serverCloses() throws {
        let server = try LocalWebSocketServer()
        let connection = try openConnection(to: server.baseURL)
        defer { connection.close() }
        server.sendRaw(bytes: LocalWebSocketServer.frame(opcode: 8, payload: [0x03, 0xE9] + Array("going away".utf8)))
        let error = webSocketError { _ = try connection.receive(timeoutSeconds: 5) }
        #expect(error?.code == .closedByPeer)
        #expect(error?.description.contains("1001") == true)
        #expect(server.waitFor(timeoutSeconds: 5) { $0.receivedFrames.contains { $0.closeCode == 1001 } })
        #expect(server.waitFor(timeoutSeconds: 5) { $0.connectionCount == 0 })
    }

    @Test("a dropped connection ends receive with closedByPeer or ioFailed, not a timeout")
    func droppedConnection() throws {
        let server = try LocalWebSocketServer()
        let connection = try openConnection(to: server.baseURL)
        defer { connection.close() }
        #expect(server.waitFor(timeoutSeconds: 5) { $0.connectionCount == 1 })
        server.dropConnections()
        let error = webSocketError { _ = try connection.receive(timeoutSeconds: 10) }
        #expect(error?.code == .closedByPeer || error?.code == .ioFailed)
    }

    @Test("a silent server: receive returns nil at its timeout, also after an unanswered ping")
    func silentServer() throws {
        let server = try LocalWebSocketServer()
        let connection = try openConnection(to: server.baseURL)
        defer { connection.close() }
        server.goSilent()
        try connection.ping()
        for _ in 0..<2 {
            #expect(try connection.receive(timeoutSeconds: 0.3) == nil)
        }
        #expect(server.waitFor(timeoutSeconds: 5) { $0.receivedFrames.contains { $0.opcode == 9 } })
        // Still open and usable: the caller decides what silence means.
        try connection.send(text: "still there?")
        #expect(server.waitFor(timeoutSeconds: 5) { $0.receivedTexts == ["still there?"] })
    }

    @Test("close() runs the close handshake, releases the connection, and is idempotent")
    func closeHandshake() throws {
        let server = try LocalWebSocketServer()
        let connection = try openConnection(to: server.baseURL)
        #expect(server.waitFor(timeoutSeconds: 5) { $0.connectionCount == 1 })
        connection.close()
        #expect(server.receivedFrames.contains { $0.closeCode == 1000 })
        #expect(server.waitFor(timeoutSeconds: 5) { $0.connectionCount == 0 })
        connection.close()
        let after = webSocketError { _ = try connection.receive(timeoutSeconds: 1) }
        #expect(after?.code == .ioFailed)
        #expect(webSocketError { try connection.send(text: "late") }?.code == .ioFailed)
    }

    @Test("close() against a silent server gives up after its bound")
    func closeBoundedWhenSilent() throws {
        let server = try LocalWebSocketServer()
        let connection = try openConnection(to: server.baseURL)
        server.goSilent()
        let finished = onOwnThread(timeoutSeconds: 10) {
            connection.close()
            return true
        }
        #expect(finished == true)
        // Generous bounds: a parallel suite on a loaded 2-core machine once
        // took more than 5 s for the server's thread to see the socket end.
        #expect(server.waitFor(timeoutSeconds: 15) { $0.receivedFrames.contains { $0.closeCode == 1000 } })
        #expect(server.waitFor(timeoutSeconds: 15) { $0.connectionCount == 0 })
    }

    @Test("close() from another thread ends a receive blocked waiting")
    func closeUnblocksReceive() throws {
        let server = try LocalWebSocketServer()
        let connection = try openConnection(to: server.baseURL)
        let started = DispatchSemaphore(value: 0)
        let outcome = DispatchSemaphore(value: 0)
        let result = ResultBox<WebSocketError>()
        Thread {
            started.signal()
            result.value = webSocketError { _ = try connection.receive(timeoutSeconds: 60) }
            outcome.signal()
        }.start()
        _ = started.wait(timeout: .now() + 5)
        usleep(200_000)
        connection.close()
        // Well before the 60 s receive timeout.
        #expect(outcome.wait(timeout: .now() + 5) == .success)
        #expect(result.value?.code == .ioFailed)
    }

    @Test("the token in the query appears in no error")
    func tokenNeverInErrors() throws {
        let server = try LocalWebSocketServer()
        var errors: [WebSocketError?] = []
        server.refuseUpgrades(status: 403)
        errors.append(webSocketError { _ = try openConnection(to: server.baseURL) })
        let silentPort = try FreePort.tcp()
        errors.append(webSocketError { _ = try openConnection(to: "ws://127.0.0.1:\(silentPort)") })
        errors.append(webSocketError { _ = try openConnection(to: "ws://user:\(testToken)@127.0.0.1:\(silentPort)") })
        errors.append(webSocketError { _ = try openConnection(to: "ws://host name") })
        let accepting = try LocalWebSocketServer()
        let connection = try openConnection(to: accepting.baseURL)
        accepting.sendRaw(bytes: LocalWebSocketServer.frame(opcode: 8, payload: [0x03, 0xE8]))
        errors.append(webSocketError { _ = try connection.receive(timeoutSeconds: 5) })
        #expect(errors.count == 5 && errors.allSatisfy { $0 != nil })
        for error in errors.compactMap({ $0 }) {
            #expect(!error.description.contains(testToken), "\(error)")
        }
    }
}
