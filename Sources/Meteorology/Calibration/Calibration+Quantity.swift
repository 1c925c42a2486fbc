// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

extension Calibration {
    /// What a value measures, and so which offset or factor corrects it.
    public enum Quantity: Sendable, CaseIterable {
        /// Air temperature, °C.
        case temperature
        /// Relative humidity, %.
        case humidity
        /// Station pressure, hPa.
        case pressure
        /// A wind speed, m/s.
        case windSpeed
        /// A wind direction, degrees.
        case windDirection
        /// Raw rain, mm.
        case rain
        /// Illuminance, lux.
        case illuminance
        /// Solar radiation, W/m².
        case solarRadiation
        /// UV index.
        case uv
    }

    /// `raw`, a value of `quantity`, corrected.
    public func corrected(_ raw: Double?, as quantity: Quantity) -> Double? {
        switch quantity {
        case .temperature: temperatureCelsius(raw)
        case .humidity: relativeHumidityPercent(raw)
        case .pressure: stationPressureHectopascals(raw)
        case .windSpeed: windSpeedMetersPerSecond(raw)
        case .windDirection: windDirectionDegrees(raw)
        case .rain: rainMillimeters(raw)
        case .illuminance: illuminanceLux(raw)
        case .solarRadiation: solarRadiationWattsPerSquareMeter(raw)
        case .uv: uvIndex(raw)
        }
    }

    /// `raw`, a whole-number value of `quantity` (a stored direction,
    /// illuminance or solar radiation), corrected and rounded; a direction
    /// that rounds to 360 is 0.
    public func corrected(_ raw: Int?, as quantity: Quantity) -> Int? {
        guard let value = corrected(raw.map(Double.init), as: quantity) else { return nil }
        let rounded = Int(value.rounded())
        return quantity == .windDirection ? rounded % 360 : rounded
    }
}
