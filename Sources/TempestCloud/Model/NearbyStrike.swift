// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import TempestUDP

/// A lightning strike the WeatherFlow cloud reports near a station
/// (`geo_strike_listen_start`): detected by other stations or the lightning
/// network, so kept apart from the station's own strikes.
public struct NearbyStrike: Sendable, Equatable {
    /// When it struck.
    public var timestamp: UnixTimestamp
    /// Where, in degrees, when the cloud says.
    public var latitude: Double?
    /// Where, in degrees, when the cloud says.
    public var longitude: Double?
    /// Distance from the station it was asked for, km, when known.
    public var distanceKilometers: Double?
    /// Relative energy as the cloud gives it (may be negative).
    public var energy: Double?
    /// The station whose box it fell in.
    public var stationID: Int
    /// The cloud's mark, if any.
    public var cloudMark: LightningStrikeMark?

    /// Makes one.
    public init(
        timestamp: UnixTimestamp, latitude: Double?, longitude: Double?, distanceKilometers: Double?, energy: Double?,
        stationID: Int, cloudMark: LightningStrikeMark?
    ) {
        self.timestamp = timestamp
        self.latitude = latitude
        self.longitude = longitude
        self.distanceKilometers = distanceKilometers
        self.energy = energy
        self.stationID = stationID
        self.cloudMark = cloudMark
    }
}
