// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

extension WebSocketError {
    /// A `.protocolViolation` saying what the server did wrong.
    static func violation(_ what: String) -> WebSocketError {
        WebSocketError(.protocolViolation, "the server broke the WebSocket protocol: \(what)")
    }

    /// What `receive`, `send` and `ping` throw once `close()` was called.
    static let closedLocally = WebSocketError(.ioFailed, "the WebSocket was closed by this side")
}
