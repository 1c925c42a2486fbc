// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// One strike of the WeatherFlow cloud's nearby-strikes feed
/// (`nearby_strikes`): lightning near a station, detected by others, kept
/// apart from the station's own strikes.
public struct NearbyStrikeRecord: Sendable, Equatable {
    /// The cloud's id of the station whose surroundings it fell in.
    public var stationID: Int
    /// Strike time, epoch seconds.
    public var timestamp: Int64
    /// Where, in degrees (stored to a millionth), when the cloud says.
    public var latitude: Double?
    /// Where, in degrees (stored to a millionth), when the cloud says.
    public var longitude: Double?
    /// Distance from the station, whole km, when known.
    public var distanceKilometers: Int?
    /// Relative energy, whole, when known (the cloud's may be negative).
    public var energy: Int?
    /// The cloud's mark, if any.
    public var cloudMark: StrikeCloudMark?

    /// Creates a nearby strike.
    public init(
        stationID: Int, timestamp: Int64, latitude: Double?, longitude: Double?, distanceKilometers: Int?, energy: Int?,
        cloudMark: StrikeCloudMark?
    ) {
        self.stationID = stationID
        self.timestamp = timestamp
        self.latitude = latitude
        self.longitude = longitude
        self.distanceKilometers = distanceKilometers
        self.energy = energy
        self.cloudMark = cloudMark
    }
}
