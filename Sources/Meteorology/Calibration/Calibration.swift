// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc

/// One station's calibration (`[station.calibration]`): an offset or a
/// factor per sensor, applied to raw values as WeeWX's `StdCalibrate` does.
/// The defaults (offsets 0, factors 1) change nothing.
///
/// What no sensor can report stays out: humidity is clamped to 0…100 %,
/// a wind direction wraps into 0…<360°, pressure, wind, rain and light
/// never go below 0 (the factors are positive, so only an offset could
/// push them there).
public struct Calibration: Sendable, Hashable {
    /// Added to the air temperature, °C.
    public var temperatureOffsetCelsius: Double
    /// Added to the relative humidity, percentage points.
    public var humidityOffsetPercent: Double
    /// Added to the station pressure, hPa (= mb).
    public var pressureOffsetHectopascals: Double
    /// Multiplies every wind speed (lull, average, gust, rapid wind).
    public var windSpeedFactor: Double
    /// Added to every wind direction, degrees.
    public var windDirectionOffsetDegrees: Double
    /// Multiplies the haptic gauge's raw rain (not NearCast's).
    public var rainFactor: Double
    /// Multiplies the illuminance.
    public var illuminanceFactor: Double
    /// Multiplies the solar radiation.
    public var solarRadiationFactor: Double
    /// Multiplies the UV index.
    public var uvFactor: Double

    /// A calibration; every part left out changes nothing.
    public init(
        temperatureOffsetCelsius: Double = 0, humidityOffsetPercent: Double = 0, pressureOffsetHectopascals: Double = 0,
        windSpeedFactor: Double = 1, windDirectionOffsetDegrees: Double = 0, rainFactor: Double = 1,
        illuminanceFactor: Double = 1, solarRadiationFactor: Double = 1, uvFactor: Double = 1
    ) {
        self.temperatureOffsetCelsius = temperatureOffsetCelsius
        self.humidityOffsetPercent = humidityOffsetPercent
        self.pressureOffsetHectopascals = pressureOffsetHectopascals
        self.windSpeedFactor = windSpeedFactor
        self.windDirectionOffsetDegrees = windDirectionOffsetDegrees
        self.rainFactor = rainFactor
        self.illuminanceFactor = illuminanceFactor
        self.solarRadiationFactor = solarRadiationFactor
        self.uvFactor = uvFactor
    }

    /// The calibration that changes nothing.
    public static let none = Calibration()

    /// Whether it changes nothing.
    public var isNone: Bool { self == .none }

    /// The corrected air temperature, °C.
    public func temperatureCelsius(_ raw: Double?) -> Double? {
        raw.map { $0 + temperatureOffsetCelsius }
    }

    /// The corrected relative humidity, %, within 0…100.
    public func relativeHumidityPercent(_ raw: Double?) -> Double? {
        raw.map { min(max($0 + humidityOffsetPercent, 0), 100) }
    }

    /// The corrected station pressure, hPa, never below 0.
    public func stationPressureHectopascals(_ raw: Double?) -> Double? {
        raw.map { max($0 + pressureOffsetHectopascals, 0) }
    }

    /// A corrected wind speed, m/s, never below 0.
    public func windSpeedMetersPerSecond(_ raw: Double?) -> Double? {
        raw.map { max($0 * windSpeedFactor, 0) }
    }

    /// A corrected wind direction, degrees, in 0…<360.
    public func windDirectionDegrees(_ raw: Double?) -> Double? {
        raw.map { Calibration.wrappedDegrees($0 + windDirectionOffsetDegrees) }
    }

    /// A corrected raw rain amount, mm, never below 0.
    public func rainMillimeters(_ raw: Double?) -> Double? {
        raw.map { max($0 * rainFactor, 0) }
    }

    /// The corrected illuminance, lux, never below 0.
    public func illuminanceLux(_ raw: Double?) -> Double? {
        raw.map { max($0 * illuminanceFactor, 0) }
    }

    /// The corrected solar radiation, W/m², never below 0.
    public func solarRadiationWattsPerSquareMeter(_ raw: Double?) -> Double? {
        raw.map { max($0 * solarRadiationFactor, 0) }
    }

    /// The corrected UV index, never below 0.
    public func uvIndex(_ raw: Double?) -> Double? {
        raw.map { max($0 * uvFactor, 0) }
    }

    /// `degrees` brought into 0…<360 (-10 is 350, 365 is 5).
    static func wrappedDegrees(_ degrees: Double) -> Double {
        let wrapped = fmod(degrees, 360)
        return wrapped < 0 ? wrapped + 360 : wrapped
    }
}
