// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import TempestTestKit
import Testing
import WebSocket

/// wss:// through a local TLS forwarder with a self-signed certificate.
@Suite("WebSocket over TLS", .serialized)
struct WebSocketTLSTests {
    @Test("wss with the certificate as CA file works end to end")
    func trustedCertificate() throws {
        let server = try LocalWebSocketServer()
        server.onText { ["ack: " + $0] }
        let forwarder = try LocalTLSForwarder(targetPort: server.port)
        let connection = try openConnection(to: forwarder.baseURL, options: WebSocketOptions(caFile: forwarder.certificateFile, connectTimeoutSeconds: 10))
        try connection.send(text: "listen_start")
        #expect(try connection.receive(timeoutSeconds: 5) == .text("ack: listen_start"))
        server.sendRaw(bytes: LocalWebSocketServer.frame(opcode: 9, payload: [7]))
        #expect(try connection.receive(timeoutSeconds: 0.5) == nil)
        #expect(server.waitFor(timeoutSeconds: 5) { $0.receivedFrames.contains { $0.opcode == 10 && $0.payload == [7] } })
        connection.close()
        #expect(server.receivedFrames.contains { $0.closeCode == 1000 })
        #expect(server.handshakes.first?.query == "token=\(testToken)")
    }

    @Test("wss against the system's CAs fails with tlsFailed")
    func untrustedCertificate() throws {
        let server = try LocalWebSocketServer()
        let forwarder = try LocalTLSForwarder(targetPort: server.port)
        let error = webSocketError { _ = try openConnection(to: forwarder.baseURL, options: WebSocketOptions(connectTimeoutSeconds: 10)) }
        #expect(error?.code == .tlsFailed)
        #expect(error?.description.contains(testToken) == false)
        #expect(server.handshakes.isEmpty)
    }

    @Test("a certificate for another name fails with tlsFailed, even when trusted")
    func certificateForAnotherName() throws {
        let server = try LocalWebSocketServer()
        let forwarder = try LocalTLSForwarder(targetPort: server.port, commonName: "other.example", subjectAltNames: ["DNS:other.example"])
        let error = webSocketError {
            _ = try openConnection(to: forwarder.baseURL, options: WebSocketOptions(caFile: forwarder.certificateFile, connectTimeoutSeconds: 10))
        }
        #expect(error?.code == .tlsFailed)
        #expect(error?.description.contains(testToken) == false)
        #expect(server.handshakes.isEmpty)
    }
}
