// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc

/// The sun's elevation above the horizon by the Astronomical Almanac's
/// low-precision formulas (Michalsky, "The Astronomical Almanac's algorithm
/// for approximate solar position (1950–2050)", Solar Energy 40, 1988):
/// the sun's mean longitude and anomaly, its ecliptic longitude, right
/// ascension and declination, and the hour angle from the local mean
/// sidereal time. Within about 0.01° from 1950 to 2050; no refraction.
/// (NOAA's cosine series, which `Daylight` uses for a day's length, is
/// off by up to a quarter of a degree in declination: too coarse for a
/// threshold that depends on the minute.)
public enum SolarPosition {
    /// The sun's elevation, degrees (negative below the horizon), at
    /// `timestamp` (seconds since 1970 UTC) seen from `latitudeDegrees`
    /// (north positive), `longitudeDegrees` (east positive).
    public static func elevationDegrees(at timestamp: Int64, latitudeDegrees: Double, longitudeDegrees: Double) -> Double {
        let radians = Double.pi / 180
        // Days from J2000.0 (2000-01-01 12:00 UTC).
        let days = Double(timestamp - 946_728_000) / 86_400
        let meanLongitude = (280.460 + 0.985_647_4 * days).truncatingRemainder(dividingBy: 360)
        let meanAnomaly = (357.528 + 0.985_600_3 * days).truncatingRemainder(dividingBy: 360) * radians
        let eclipticLongitude = (meanLongitude + 1.915 * sin(meanAnomaly) + 0.020 * sin(2 * meanAnomaly)) * radians
        let obliquity = (23.439 - 0.000_000_4 * days) * radians
        let rightAscension = atan2(cos(obliquity) * sin(eclipticLongitude), cos(eclipticLongitude))
        let declination = asin(sin(obliquity) * sin(eclipticLongitude))
        let siderealHours = (18.697_374_558 + 24.065_709_824_419_08 * days).truncatingRemainder(dividingBy: 24)
        let hourAngle = (siderealHours * 15 + longitudeDegrees) * radians - rightAscension
        let latitude = latitudeDegrees * radians
        let sine = sin(latitude) * sin(declination) + cos(latitude) * cos(declination) * cos(hourAngle)
        return asin(min(1, max(-1, sine))) / radians
    }
}
