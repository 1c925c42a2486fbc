// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Why a WebSocket could not be opened or used. The description never
/// contains the URL's query (where the WeatherFlow token travels).
public struct WebSocketError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, for callers to match.
    public enum Code: Sendable, Equatable {
        /// No TCP connection (refused, unreachable, name not found, timeout).
        case connectFailed
        /// The TLS handshake or certificate verification failed.
        case tlsFailed
        /// The server answered the upgrade with something other than 101
        /// and a valid `Sec-WebSocket-Accept` (the HTTP status, 0 if none).
        case handshakeRefused(status: Int)
        /// The peer broke RFC 6455 (bad opcode, reserved bits, masked server
        /// frame, bad UTF-8, bad close frame...).
        case protocolViolation
        /// A message longer than the configured bound.
        case messageTooLarge
        /// The peer closed the connection (close frame or end of stream).
        case closedByPeer
        /// Reading or writing failed on an open connection.
        case ioFailed
    }

    /// What went wrong.
    public var code: Code
    /// A sentence for logs and `status`, without secrets.
    public var message: String

    /// Makes one.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
