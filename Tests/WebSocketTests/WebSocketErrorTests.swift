// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Testing
import WebSocket

@Suite("WebSocket errors")
struct WebSocketErrorTests {
    @Test("an error is matched by its code and described by its message")
    func codeAndMessage() {
        let error = WebSocketError(.handshakeRefused(status: 401), "the server refused the upgrade: HTTP 401")
        #expect(error.code == .handshakeRefused(status: 401))
        #expect("\(error)" == "the server refused the upgrade: HTTP 401")
    }
}
