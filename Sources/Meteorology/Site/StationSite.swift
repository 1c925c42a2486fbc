// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Where a station stands, from its `[station]` table or from `run`'s
/// options (which set the same keys): the one place the daylight, sunshine
/// and growers' figures read the position, elevation and sensor height.
public struct StationSite: Sendable, Hashable {
    /// Latitude, degrees north (negative south), if known.
    public var latitudeDegrees: Double?
    /// Longitude, degrees east (negative west), if known.
    public var longitudeDegrees: Double?
    /// Elevation of the ground above sea level, m, if known.
    public var elevationMeters: Double?
    /// The sensor's height above the ground, m.
    public var sensorHeightMeters: Double

    /// A site from its parts (nothing known by default).
    public init(latitudeDegrees: Double? = nil, longitudeDegrees: Double? = nil, elevationMeters: Double? = nil, sensorHeightMeters: Double = 0) {
        self.latitudeDegrees = latitudeDegrees
        self.longitudeDegrees = longitudeDegrees
        self.elevationMeters = elevationMeters
        self.sensorHeightMeters = sensorHeightMeters
    }
}
