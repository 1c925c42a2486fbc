// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// What the WeatherFlow WebSocket follower is doing, for `status`.
public struct WebSocketFollowerState: Sendable {
    /// How one followed device is doing on the WebSocket.
    public struct Device: Sendable {
        /// The device's id in the WeatherFlow cloud.
        public var deviceID: Int
        /// Its `listen_start` was acknowledged on the current connection.
        public var subscribed = false
        /// When its last message arrived (Unix seconds).
        public var lastMessageAt: Int64?
        /// Messages received for it.
        public var messages = 0
        /// Its WebSocket data is ingested (always in mode `websocket`; while
        /// its UDP is quiet in `udp+websocket`).
        public var standsIn = false
        /// Since when it stands in.
        public var standsInSince: Int64?
        /// The newest observation row handed to the pipeline (Unix seconds):
        /// rows not newer (the cached replay after every reconnect) are
        /// dropped here, so that each is published once.
        public var newestObservationAt: Int64?
        /// Observation messages dropped as already handed over.
        public var repeatedObservations = 0

        /// Makes one.
        public init(deviceID: Int) { self.deviceID = deviceID }
    }

    /// True in mode `websocket` (everything ingested), false in `udp+websocket`.
    public var alwaysIngests: Bool
    /// A connection is open and `connection_opened` came.
    public var connected = false
    /// Since when (Unix seconds).
    public var connectedSince: Int64?
    /// Connections lost or failed since start.
    public var reconnectCount = 0
    /// The last failure, in words (never the token).
    public var lastError: String?
    /// When it happened.
    public var lastErrorAt: Int64?
    /// Messages received, by kind (`obs_st`, `rapid_wind`, `ack`, `nearby_strike`...).
    public var messagesByKind: [String: Int] = [:]
    /// Texts that could not be decoded.
    public var malformedCount = 0
    /// Why the last one could not.
    public var lastMalformedReason: String?
    /// The followed devices, by serial.
    public var devices: [String: Device] = [:]

    /// Makes an empty one.
    public init(alwaysIngests: Bool) { self.alwaysIngests = alwaysIngests }
}
