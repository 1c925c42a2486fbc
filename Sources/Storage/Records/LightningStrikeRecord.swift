// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// One `evt_strike` event.
public struct LightningStrikeRecord: Sendable, Equatable {
    /// Serial of the device.
    public var serial: String
    /// Strike time, epoch seconds.
    public var timestamp: Int64
    /// Estimated distance to the storm, km.
    public var distanceKilometers: Int
    /// Relative strike energy (unitless).
    public var energy: Int
    /// What the WeatherFlow cloud said of it; nil when only the station
    /// reported it (UDP, REST). A record with a mark came from the cloud,
    /// and the store keeps it as the same strike as one stored for the same
    /// device and second (`Store.insert`).
    public var cloudMark: StrikeCloudMark?

    /// Creates a strike.
    public init(serial: String, timestamp: Int64, distanceKilometers: Int, energy: Int, cloudMark: StrikeCloudMark? = nil) {
        self.serial = serial
        self.timestamp = timestamp
        self.distanceKilometers = distanceKilometers
        self.energy = energy
        self.cloudMark = cloudMark
    }
}
