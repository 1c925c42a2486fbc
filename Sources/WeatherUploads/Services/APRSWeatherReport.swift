// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import Meteorology
import Pipeline

/// One APRS "complete weather report" with position and timestamp, as CWOP
/// takes it (APRS Protocol Reference 1.0.1, ch. 12; wxqa.com FAQ; see
/// `docs/design/uploads-research.md` §7):
///
///     CW1234>APRS,TCPIP*:@281505z4220.45N/07128.59W_032/005g008t068r001p010P004h00b10132L456.tempest-gateway-1.2
///
/// `@DDHHMMz` is the reading's UTC day, hour and minute; the position is
/// degrees and minutes with exactly two decimals and leading zeros; then
/// wind direction (degrees), sustained wind and gust (mph), temperature
/// (°F, `-01`…`-99` below zero), rain in the last hour, the last 24 hours
/// and since midnight (hundredths of an inch), humidity (`00` for 100 %),
/// the altimeter setting (tenths of hPa), luminosity (`L` below 1000 W/m²,
/// `l` for 1000 more) and the software tag. Unknown values are dots, in
/// the field's width (`t...`, `h..`, `b.....`); luminosity is left out
/// when unknown.
public struct APRSWeatherReport: Sendable, Equatable {
    /// The packet line, without the line end.
    public let line: String

    /// The software tag after the weather fields: a dot first, so no APRS
    /// parser reads its letters as more weather fields.
    public static var softwareTag: String { ".tempest-gateway-\(GatewayVersion.current)" }

    /// The report of `reading` for `station`, sent by `callsign`.
    /// - Throws: `.missingPosition` or `.positionOutOfRange` when the station's
    ///   position cannot be written.
    public init(callsign: String, reading: UploadReading, station: UploadStation) throws(APRSWeatherReportError) {
        let position = try APRSPosition(station: station)
        self.init(callsign: callsign, reading: reading, station: station, position: position)
    }

    /// The report with the position already written (CWOP checks it once,
    /// when the destination is made).
    init(callsign: String, reading: UploadReading, station: UploadStation, position: APRSPosition) {
        var line = "\(callsign)>APRS,TCPIP*:@\(Self.timestamp(reading.timestamp))\(position.text)_"
        line += Self.digits(reading.windDirectionDegrees.map(Self.direction), width: 3)
        line += "/" + Self.digits(reading.windAverageMetersPerSecond.map { Speed(metersPerSecond: $0).milesPerHour }, width: 3)
        line += "g" + Self.digits(reading.windGustMetersPerSecond.map { Speed(metersPerSecond: $0).milesPerHour }, width: 3)
        line += "t" + Self.temperature(reading.airTemperatureCelsius.map { Temperature(celsius: $0).fahrenheit })
        line += "r" + Self.digits(reading.rainLastHourMillimeters.map(Self.hundredthsOfInch), width: 3)
        line += "p" + Self.digits(reading.rainLast24HoursMillimeters.map(Self.hundredthsOfInch), width: 3)
        line += "P" + Self.digits(reading.rainSinceMidnightMillimeters.map(Self.hundredthsOfInch), width: 3)
        line += "h" + Self.humidity(reading.relativeHumidityPercent)
        let altimeter = AltimeterSetting.hectopascals(
            stationPressureHectopascals: reading.stationPressureHectopascals,
            sensorElevationMeters: station.elevationMeters.map { $0 + station.sensorHeightMeters })
        line += "b" + Self.digits(altimeter.map { $0 * 10 }, width: 5)
        if let radiation = reading.solarRadiationWattsPerSquareMeter { line += Self.luminosity(radiation) }
        self.line = line + Self.softwareTag
    }

    /// `DDHHMMz`: day of the month, hour and minute, UTC.
    static func timestamp(_ epochSeconds: Int64) -> String {
        var time = time_t(epochSeconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        return padded(Int(parts.tm_mday), width: 2) + padded(Int(parts.tm_hour), width: 2) + padded(Int(parts.tm_min), width: 2) + "z"
    }

    /// A direction in whole degrees, 0–360 (360 stays 360: north, as
    /// stations send it; 0 is also north).
    static func direction(_ degrees: Double) -> Double {
        let rounded = degrees.rounded()
        if (0...360).contains(rounded) { return rounded }
        let turned = rounded.truncatingRemainder(dividingBy: 360)
        return turned < 0 ? turned + 360 : turned
    }

    /// Millimetres of rain as hundredths of an inch.
    static func hundredthsOfInch(_ millimeters: Double) -> Double {
        RainAmount(millimeters: millimeters).inches * 100
    }

    /// `value` rounded, with leading zeros to `width` digits and held to
    /// what fits; dots when unknown (or not a number).
    static func digits(_ value: Double?, width: Int) -> String {
        guard let value, value.isFinite else { return String(repeating: ".", count: width) }
        let largest = Int(pow(10, Double(width))) - 1
        return padded(min(max(Int(value.rounded()), 0), largest), width: width)
    }

    /// °F in three characters: `068`, `102`, `-05`; from -99 to 999.
    static func temperature(_ fahrenheit: Double?) -> String {
        guard let fahrenheit, fahrenheit.isFinite else { return "..." }
        let whole = Int(fahrenheit.rounded())
        if whole < 0 { return "-" + padded(min(-whole, 99), width: 2) }
        return padded(min(whole, 999), width: 3)
    }

    /// Humidity in two digits, `00` for 100 % (held to 1–100 %).
    static func humidity(_ percent: Double?) -> String {
        guard let percent, percent.isFinite else { return ".." }
        let whole = min(max(Int(percent.rounded()), 1), 100)
        return whole == 100 ? "00" : padded(whole, width: 2)
    }

    /// `Lxxx` below 1000 W/m², `lxxx` (1000 more) from 1000 to 1999, held there.
    static func luminosity(_ wattsPerSquareMeter: Double) -> String {
        guard wattsPerSquareMeter.isFinite else { return "" }
        let whole = max(Int(wattsPerSquareMeter.rounded()), 0)
        return whole < 1000 ? "L" + padded(whole, width: 3) : "l" + padded(min(whole - 1000, 999), width: 3)
    }

    /// `value` (not negative) in decimal with leading zeros to `width`.
    static func padded(_ value: Int, width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
