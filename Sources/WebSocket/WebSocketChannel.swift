// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// An open WebSocket, as its users see it: text out, messages in, close.
///
/// Blocking by design: the one user (the WeatherFlow WebSocket follower)
/// runs it on its own thread, like the UDP listener, so a slow network never
/// holds a cooperative thread. `WebSocketConnection` is the real one; tests
/// of the layers above may use their own.
public protocol WebSocketChannel: AnyObject, Sendable {
    /// Sends one text message (masked, as a client must).
    func send(text: String) throws(WebSocketError)
    /// The next data message, or nil when none arrived within `timeoutSeconds`.
    /// Pings are answered and pongs consumed on the way; a close from the
    /// peer is answered and thrown as `.closedByPeer`.
    func receive(timeoutSeconds: Double) throws(WebSocketError) -> WebSocketMessage?
    /// Sends a ping (for idle detection; the pong is consumed by `receive`).
    func ping() throws(WebSocketError)
    /// Runs the close handshake (bounded in time) and releases the connection.
    /// Safe to call twice.
    func close()
}
