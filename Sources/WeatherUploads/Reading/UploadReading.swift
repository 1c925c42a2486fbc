// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// What one upload says of a station at one moment, in SI units, as the
/// gateway stores and publishes it. A value the gateway does not have is
/// nil, and a service leaves it out: never sent as 0.
public struct UploadReading: Sendable, Equatable {
    /// When it was measured (epoch seconds, UTC).
    public var timestamp: Int64
    /// Air temperature, °C.
    public var airTemperatureCelsius: Double?
    /// Relative humidity, %.
    public var relativeHumidityPercent: Double?
    /// Dew point, °C, from the two above.
    public var dewPointCelsius: Double?
    /// Wind speed averaged over the observation's interval (a minute), m/s;
    /// in a real-time reading, the last 3-second sample.
    public var windAverageMetersPerSecond: Double?
    /// Highest 3-second wind of the observation's interval, m/s.
    public var windGustMetersPerSecond: Double?
    /// Wind direction, degrees from north (0–360).
    public var windDirectionDegrees: Double?
    /// Pressure at the station, hPa.
    public var stationPressureHectopascals: Double?
    /// Sea-level pressure by the WeatherFlow formula (as published), hPa;
    /// nil without the station's elevation.
    public var seaLevelPressureHectopascals: Double?
    /// Rain in the 60 minutes up to `timestamp`, mm.
    public var rainLastHourMillimeters: Double?
    /// Rain since the station's local midnight, mm.
    public var rainSinceMidnightMillimeters: Double?
    /// Rain in the 24 hours up to `timestamp`, mm.
    public var rainLast24HoursMillimeters: Double?
    /// Rain since the previous reading uploaded to the same destination,
    /// mm (Met Office WOW's `rainin`); nil when the destination has sent none.
    public var rainSincePreviousReadingMillimeters: Double?
    /// UV index.
    public var uvIndex: Double?
    /// Global solar radiation, W/m².
    public var solarRadiationWattsPerSquareMeter: Double?
    /// Illuminance, lux.
    public var illuminanceLux: Double?

    /// A reading at `timestamp` with no values yet.
    public init(timestamp: Int64) {
        self.timestamp = timestamp
    }
}
