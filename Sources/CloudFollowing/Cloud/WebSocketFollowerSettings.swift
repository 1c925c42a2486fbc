// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// How the WeatherFlow WebSocket follower behaves: what it ingests and its
/// timers. The defaults follow the brief of issue #30; tests shorten nothing
/// but inject a clock instead.
public struct WebSocketFollowerSettings: Sendable {
    /// When UDP counts as quiet (the REST fallback's rule and defaults).
    public var silence = UDPSilence(quietSeconds: 180, powerSaveQuietSeconds: 900)
    /// True in mode `websocket`: everything received is ingested. False in
    /// `udp+websocket`: observations, rapid wind and rain starts only for
    /// devices whose UDP is quiet; lightning strikes always.
    public var alwaysIngests: Bool
    /// Radius of the nearby-strike box around each station, km; 0: none asked for.
    public var nearbyStrikesKilometers: Double
    /// How long to wait for `connection_opened` before reconnecting.
    public var openedTimeoutSeconds: Double = 10
    /// How long to wait for a request's `ack` before asking once more (and
    /// as long again before reconnecting).
    public var ackTimeoutSeconds: Double = 15
    /// Silence after which a ping is sent (the server sends rapid wind every
    /// 3 s and an observation a minute per device).
    public var idleSeconds: Double = 60
    /// Silence after the ping before reconnecting.
    public var pingTimeoutSeconds: Double = 15
    /// The first reconnect delay's upper bound; it doubles per failure.
    public var backoffInitialSeconds: Double = 1
    /// The largest reconnect delay (also the delay after a refused token).
    public var backoffMaximumSeconds: Double = 300
    /// A connection up this long resets the backoff.
    public var stableSeconds: Double = 60
    /// The longest single wait in `receive`, which bounds how fast a stop is noticed.
    public var receiveSliceSeconds: Double = 1
    /// How often the device list is read again (devices added or dropped).
    public var devicesRefreshSeconds: Double = 60
    /// How soon it is asked again while not known yet (`devices()` gave nil).
    public var devicesRetrySeconds: Double = 5

    /// Makes one with the default timers.
    public init(silence: UDPSilence = UDPSilence(quietSeconds: 180, powerSaveQuietSeconds: 900), alwaysIngests: Bool, nearbyStrikesKilometers: Double = 0) {
        self.silence = silence
        self.alwaysIngests = alwaysIngests
        self.nearbyStrikesKilometers = nearbyStrikesKilometers
    }
}
