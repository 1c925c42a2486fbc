// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc

/// The latitude/longitude box a `geo_strike_listen_start` asks for: a
/// station's position and a radius in km, as a box around it.
public struct GeoBox: Sendable, Equatable {
    /// Kilometres per degree of latitude (and of longitude at the equator).
    public static let kilometersPerDegree = 111.32

    /// The station the box belongs to (nearby strikes are filed under it).
    public var stationID: Int
    /// The centre, degrees.
    public var centerLatitude: Double
    /// The centre, degrees.
    public var centerLongitude: Double
    /// Southern edge, degrees (not below -90).
    public var latitudeMinimum: Double
    /// Northern edge, degrees (not above 90).
    public var latitudeMaximum: Double
    /// Western edge, degrees (not below -180).
    public var longitudeMinimum: Double
    /// Eastern edge, degrees (not above 180).
    public var longitudeMaximum: Double

    /// The box of `radiusKilometers` around a centre: latitude ± r/111.32,
    /// longitude ± r/(111.32·cos latitude), clamped to the globe. Near a
    /// pole, where the longitude span reaches all the way round, it spans
    /// every longitude. A box crossing the antimeridian is cut at ±180 (the
    /// request has no way to wrap).
    public init(stationID: Int, centerLatitude: Double, centerLongitude: Double, radiusKilometers: Double) {
        self.stationID = stationID
        self.centerLatitude = centerLatitude
        self.centerLongitude = centerLongitude
        let radius = max(0, radiusKilometers)
        let latitudeSpan = radius / Self.kilometersPerDegree
        latitudeMinimum = max(-90, centerLatitude - latitudeSpan)
        latitudeMaximum = min(90, centerLatitude + latitudeSpan)
        let cosine = cos(centerLatitude * Double.pi / 180)
        let longitudeSpan = cosine > 1e-9 ? radius / (Self.kilometersPerDegree * cosine) : 360
        if longitudeSpan >= 180 {
            longitudeMinimum = -180
            longitudeMaximum = 180
        } else {
            longitudeMinimum = max(-180, centerLongitude - longitudeSpan)
            longitudeMaximum = min(180, centerLongitude + longitudeSpan)
        }
    }

    /// True when the point lies in the box (edges included).
    public func contains(latitude: Double, longitude: Double) -> Bool {
        (latitudeMinimum...latitudeMaximum).contains(latitude) && (longitudeMinimum...longitudeMaximum).contains(longitude)
    }

    /// Great-circle distance from the centre to a point, km (haversine,
    /// mean Earth radius 6371 km).
    public func distanceKilometers(latitude: Double, longitude: Double) -> Double {
        let radians = Double.pi / 180
        let deltaLatitude = (latitude - centerLatitude) * radians
        let deltaLongitude = (longitude - centerLongitude) * radians
        let a = sin(deltaLatitude / 2) * sin(deltaLatitude / 2)
            + cos(centerLatitude * radians) * cos(latitude * radians) * sin(deltaLongitude / 2) * sin(deltaLongitude / 2)
        return 2 * 6_371 * asin(min(1, sqrt(a)))
    }
}
