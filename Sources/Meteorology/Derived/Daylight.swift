// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc

/// The length of a day from sunrise to sunset at a latitude: the time the
/// sun's upper limb is above a flat horizon, with the usual 0.833° for
/// refraction and the sun's radius (as almanacs give sunrise and sunset).
/// The sun's declination comes from the day of the year (a cosine series
/// accurate to a few arc-minutes), which puts the result within about two
/// minutes of an almanac's; longitude changes it by seconds and is ignored.
public enum Daylight {
    /// The depression of the sun's centre at sunrise and sunset, degrees.
    static let horizonDegrees = -0.833

    /// Minutes of daylight on `date` at `latitudeDegrees` (north positive):
    /// 0 in polar night, 1,440 under the midnight sun; nil when the latitude
    /// is missing or outside −90…90.
    public static func minutes(latitudeDegrees: Double?, on date: LocalDate) -> Double? {
        guard let latitude = latitudeDegrees, (-90.0...90.0).contains(latitude) else { return nil }
        let startOfYear = LocalDate(year: date.year, month: 1, day: 1)!
        let dayOfYear = Double(date.daysSince1970 - startOfYear.daysSince1970)
        // The fractional year, radians, at local noon.
        let gamma = 2 * Double.pi / 365 * (dayOfYear + 0.5)
        let declination =
            0.006918 - 0.399912 * cos(gamma) + 0.070257 * sin(gamma) - 0.006758 * cos(2 * gamma)
            + 0.000907 * sin(2 * gamma) - 0.002697 * cos(3 * gamma) + 0.00148 * sin(3 * gamma)
        let phi = latitude * Double.pi / 180
        let cosHourAngle = (sin(horizonDegrees * Double.pi / 180) - sin(phi) * sin(declination)) / (cos(phi) * cos(declination))
        if cosHourAngle >= 1 { return 0 }
        if cosHourAngle <= -1 { return 1_440 }
        let hourAngleDegrees = acos(cosHourAngle) * 180 / Double.pi
        // The sun moves 15° an hour: 4 minutes a degree, on both sides of noon.
        return 2 * hourAngleDegrees * 4
    }
}
