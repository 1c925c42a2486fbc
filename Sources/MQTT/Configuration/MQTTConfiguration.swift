// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import SystemSupport

/// How to reach the broker.
public struct MQTTConfiguration: Sendable, Hashable {
    /// MQTT protocol versions the client speaks.
    public enum ProtocolVersion: Int32, Sendable, Hashable {
        /// MQTT 3.1.1 (protocol level 4).
        case v311 = 4
        /// MQTT 5 (the default).
        case v5 = 5
    }

    /// A message the broker publishes when the client vanishes without a
    /// clean disconnect (power cut, crash, network loss).
    public struct LastWill: Sendable, Hashable {
        public var topic: String
        public var payload: [UInt8]
        public var qos: Int32
        public var retain: Bool

        /// Creates a last will.
        public init(topic: String, payload: String, qos: Int32 = 1, retain: Bool = true) {
            self.topic = topic
            self.payload = Array(payload.utf8)
            self.qos = qos
            self.retain = retain
        }
    }

    /// TLS settings. Server verification is on unless explicitly turned off.
    public struct TLS: Sendable, Hashable {
        /// A CA certificate file (PEM); nil uses the system store.
        public var caFile: String?
        /// The directory of trusted CAs used when `caFile` is nil.
        public var caDirectory: String = "/etc/ssl/certs"
        /// A client certificate (PEM), for brokers that require one.
        public var certificateFile: String?
        /// The client certificate's private key (PEM).
        public var keyFile: String?
        /// Check that the broker's certificate names the host connected to.
        public var verifyHostname: Bool = true

        /// TLS with the system's CA store and hostname verification.
        public init(caFile: String? = nil, certificateFile: String? = nil, keyFile: String? = nil, verifyHostname: Bool = true) {
            self.caFile = caFile
            self.certificateFile = certificateFile
            self.keyFile = keyFile
            self.verifyHostname = verifyHostname
        }
    }

    /// Broker host name or address.
    public var host: String
    /// Broker port (1883, or 8883 for TLS by convention).
    public var port: Int32
    /// The client id; keep it stable for persistent sessions.
    public var clientID: String
    /// The protocol version.
    public var protocolVersion: ProtocolVersion = .v5
    /// Keep-alive interval, seconds: 0 (none) or one of
    /// ``keepAliveSecondsAllowed``.
    public var keepAliveSeconds: Int32 = 60

    /// The keepalive intervals libmosquitto takes besides 0 (none), seconds:
    /// it refuses 1 to 4 (and anything past the protocol's 16 bits) with
    /// "invalid arguments" on every connect. The configuration's
    /// `mqtt.keepalive` rule says the same (its test checks them against
    /// each other and against the library).
    public static let keepAliveSecondsAllowed: ClosedRange<Int32> = 5...65_535

    /// Whether libmosquitto takes `seconds` as a keepalive interval.
    public static func acceptsKeepAlive(_ seconds: Int32) -> Bool {
        seconds == 0 || keepAliveSecondsAllowed.contains(seconds)
    }
    /// Ask the broker to keep the session (subscriptions, queued QoS 1
    /// messages) across disconnects: clean start off. On MQTT 5 the broker
    /// keeps it for `sessionExpirySeconds` after the connection ends; on
    /// MQTT 3.1.1 (clean session off) for as long as the broker's own
    /// policy says (mosquitto: `persistent_client_expiration`, default never).
    public var persistentSession: Bool = false
    /// MQTT 5's Session Expiry Interval sent with a persistent session,
    /// seconds (4294967295: never expires). Unused on MQTT 3.1.1 and
    /// without `persistentSession` (then the session ends with the connection).
    public var sessionExpirySeconds: UInt32 = 3600

    /// The Session Expiry Interval the CONNECT packet carries, or nil when it
    /// carries none (MQTT 3.1.1, or a session that ends with the connection).
    var connectSessionExpiry: UInt32? {
        protocolVersion == .v5 && persistentSession ? sessionExpirySeconds : nil
    }
    /// User name, if the broker wants one.
    public var username: String?
    /// Password, if the broker wants one.
    public var password: Secret?
    /// TLS, or nil for plain TCP.
    public var tls: TLS?
    /// The last will, set before connecting.
    public var will: LastWill?
    /// First reconnect delay, seconds; doubles after each failure up to the maximum.
    public var reconnectDelaySeconds: UInt32 = 1
    /// The longest reconnect delay, seconds.
    public var reconnectDelayMaximumSeconds: UInt32 = 30

    /// A configuration for `host:port` with the defaults.
    public init(host: String = "localhost", port: Int32 = 1883, clientID: String) {
        self.host = host
        self.port = port
        self.clientID = clientID
    }
}
