// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// `rapid_wind`: one instantaneous (3-second) wind sample.
public struct RapidWindObservation: Hashable, Sendable {
    /// Sender and relaying hub.
    public var envelope: MessageEnvelope
    /// When the sample was taken.
    public var timestamp: UnixTimestamp
    /// Wind speed, m/s; 0 when calm.
    public var windSpeedMetersPerSecond: Double?
    /// Direction the wind blows from, degrees; meaningless (0) when calm.
    public var windDirectionDegrees: Double?

    /// Creates a sample.
    public init(
        envelope: MessageEnvelope,
        timestamp: UnixTimestamp,
        windSpeedMetersPerSecond: Double?,
        windDirectionDegrees: Double?
    ) {
        self.envelope = envelope
        self.timestamp = timestamp
        self.windSpeedMetersPerSecond = windSpeedMetersPerSecond
        self.windDirectionDegrees = windDirectionDegrees
    }
}
