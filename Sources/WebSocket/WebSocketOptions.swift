// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// How a WebSocket connection is opened and bounded.
public struct WebSocketOptions: Sendable, Equatable {
    /// A CA certificate file to verify the server with; nil: the system's.
    public var caFile: String?
    /// Seconds allowed for TCP, TLS and the upgrade handshake together.
    public var connectTimeoutSeconds: Double
    /// The longest message accepted (fragments joined); longer ones close the
    /// connection with 1009 and throw `.messageTooLarge`.
    public var maximumMessageBytes: Int

    /// Makes one; the defaults suit the WeatherFlow WebSocket (its largest
    /// messages, a cached observation with its summary, are a few KiB).
    public init(caFile: String? = nil, connectTimeoutSeconds: Double = 15, maximumMessageBytes: Int = 256 * 1_024) {
        self.caFile = caFile
        self.connectTimeoutSeconds = connectTimeoutSeconds
        self.maximumMessageBytes = maximumMessageBytes
    }
}
