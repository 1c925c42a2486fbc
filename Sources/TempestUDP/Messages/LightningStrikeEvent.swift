// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// `evt_strike`: one detected lightning strike.
public struct LightningStrikeEvent: Hashable, Sendable {
    /// Sender and relaying hub.
    public var envelope: MessageEnvelope
    /// When the strike happened.
    public var timestamp: UnixTimestamp
    /// Estimated distance to the storm, km (the detector tops out near 40 km).
    public var distanceKilometers: Double?
    /// Relative strike energy, unitless, no documented range.
    public var energy: Double?
    /// What the WeatherFlow cloud says of the strike (WebSocket only); nil
    /// for a strike as the station detected it (UDP, or unmarked cloud strikes).
    public var cloudMark: LightningStrikeMark?

    /// Creates an event.
    public init(
        envelope: MessageEnvelope, timestamp: UnixTimestamp, distanceKilometers: Double?, energy: Double?,
        cloudMark: LightningStrikeMark? = nil
    ) {
        self.envelope = envelope
        self.timestamp = timestamp
        self.distanceKilometers = distanceKilometers
        self.energy = energy
        self.cloudMark = cloudMark
    }
}
