// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// The facts about a station a service needs besides its readings: where
/// it is (CWOP's position, OpenWeatherMap's registration) and its name.
public struct UploadStation: Sendable, Equatable {
    /// Latitude, degrees north (negative: south); nil when not configured.
    public var latitudeDegrees: Double?
    /// Longitude, degrees east (negative: west); nil when not configured.
    public var longitudeDegrees: Double?
    /// Elevation of the ground above sea level, m; nil when not configured.
    public var elevationMeters: Double?
    /// The sensor's height above the ground, m.
    public var sensorHeightMeters: Double
    /// A name to register it under (OpenWeatherMap).
    public var name: String

    /// Makes one.
    public init(latitudeDegrees: Double?, longitudeDegrees: Double?, elevationMeters: Double?, sensorHeightMeters: Double = 2, name: String) {
        self.latitudeDegrees = latitudeDegrees
        self.longitudeDegrees = longitudeDegrees
        self.elevationMeters = elevationMeters
        self.sensorHeightMeters = sensorHeightMeters
        self.name = name
    }
}
