// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// A station's position as an APRS report writes it: `DDMM.hhN/DDDMM.hhW`
/// (degrees, minutes with exactly two decimals, leading zeros; `/` picks
/// the primary symbol table, whose `_` after the longitude is the weather
/// station symbol). Rounded to a hundredth of a minute, about 18 m.
struct APRSPosition: Sendable, Equatable {
    /// `4220.45N/07128.59W`.
    let text: String

    /// The position of `station`.
    /// - Throws: `.missingPosition` without latitude or longitude,
    ///   `.positionOutOfRange` outside ±90° / ±180°.
    init(station: UploadStation) throws(APRSWeatherReportError) {
        guard let latitude = station.latitudeDegrees, let longitude = station.longitudeDegrees else {
            throw APRSWeatherReportError.missingPosition
        }
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else {
            throw APRSWeatherReportError(
                .positionOutOfRange, "CWOP needs station.latitude within ±90 and station.longitude within ±180 (got \(latitude), \(longitude))")
        }
        text = Self.angle(latitude, degreeDigits: 2, positive: "N", negative: "S") + "/"
            + Self.angle(longitude, degreeDigits: 3, positive: "E", negative: "W")
    }

    /// `degrees` as whole degrees (`degreeDigits` wide), minutes with two
    /// decimals, and the hemisphere letter. The rounding is done on whole
    /// hundredths of a minute so 59.999′ becomes the next degree, not 60.00′.
    static func angle(_ degrees: Double, degreeDigits: Int, positive: String, negative: String) -> String {
        let hundredthsOfMinute = Int((abs(degrees) * 6_000).rounded())
        let whole = hundredthsOfMinute / 6_000
        let minutes = hundredthsOfMinute % 6_000
        return APRSWeatherReport.padded(whole, width: degreeDigits) + APRSWeatherReport.padded(minutes / 100, width: 2) + "."
            + APRSWeatherReport.padded(minutes % 100, width: 2) + (degrees < 0 && hundredthsOfMinute > 0 ? negative : positive)
    }
}
