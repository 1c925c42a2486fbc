// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Testing
import Meteorology

/// Every formula against the check values of the protocol reference,
/// section 9.16 ("our result" column), to the precision printed there.
@Suite("Formula check values")
struct FormulaCheckValueTests {
    func close(_ value: Double?, _ expected: Double, within tolerance: Double) -> Bool {
        guard let value else { return false }
        return abs(value - expected) <= tolerance
    }

    @Test("dew point", arguments: [(10.5, 22.0, -10.35), (-9.4, 93.0, -10.32), (13.0, 72.0, 8.07)])
    func dewPoint(temperature: Double, humidity: Double, expected: Double) {
        let value = Psychrometrics.dewPointCelsius(airTemperatureCelsius: temperature, relativeHumidityPercent: humidity)
        #expect(close(value, expected, within: 0.005), "\(String(describing: value))")
    }

    @Test("air density", arguments: [(782.8, 10.5, 0.96139), (1017.1, 13.0, 1.23823)])
    func airDensity(pressure: Double, temperature: Double, expected: Double) {
        let value = Psychrometrics.airDensityKilogramsPerCubicMeter(stationPressureMillibars: pressure, airTemperatureCelsius: temperature)
        #expect(close(value, expected, within: 0.000_005), "\(String(describing: value))")
    }

    @Test("sea-level pressure with elevation plus sensor height", arguments: [(782.8, 1006.20), (795.8, 1022.12)])
    func seaLevelPressure(pressure: Double, expected: Double) {
        let value = SeaLevelPressure.millibars(
            stationPressureMillibars: pressure, elevationMeters: 2063.15, sensorHeightAboveGroundMeters: 1.8288)
        #expect(close(value, expected, within: 0.005), "\(String(describing: value))")
    }

    @Test("elevation alone gives the cloud's other figure (1006.0)")
    func seaLevelPressureWithoutSensorHeight() {
        let value = SeaLevelPressure.millibars(stationPressureMillibars: 782.8, elevationMeters: 2063.15)
        #expect(close(value, 1006.0, within: 0.05))
        #expect(!close(value, 1006.2, within: 0.05))
    }

    @Test("wet bulb, pressure-aware", arguments: [(10.5, 22.0, 782.8, 2.13), (0.1, 50.0, 791.6, -3.24), (13.0, 72.0, 1017.1, 10.36)])
    func wetBulb(temperature: Double, humidity: Double, pressure: Double, expected: Double) {
        let value = Psychrometrics.wetBulbCelsius(
            airTemperatureCelsius: temperature, relativeHumidityPercent: humidity, stationPressureMillibars: pressure)
        #expect(close(value, expected, within: 0.005), "\(String(describing: value))")
        let deltaT = Psychrometrics.deltaTCelsius(
            airTemperatureCelsius: temperature, relativeHumidityPercent: humidity, stationPressureMillibars: pressure)
        #expect(close(deltaT, temperature - expected, within: 0.005))
    }

    @Test("wind chill", arguments: [(0.1, 1.73, -1.98), (-10.0, 10.0, -20.28)])
    func windChill(temperature: Double, wind: Double, expected: Double) {
        let value = ApparentTemperature.windChillCelsius(airTemperatureCelsius: temperature, windAverageMetersPerSecond: wind)
        #expect(close(value, expected, within: 0.005), "\(String(describing: value))")
    }

    @Test("wind chill is the air temperature outside its domain")
    func windChillDomain() {
        #expect(ApparentTemperature.windChillCelsius(airTemperatureCelsius: 15, windAverageMetersPerSecond: 10) == 15)
        #expect(ApparentTemperature.windChillCelsius(airTemperatureCelsius: 0, windAverageMetersPerSecond: 1) == 0)
    }

    @Test("heat index, full NWS procedure", arguments: [(35.0, 50.0, 40.68), (22.0, 60.0, 21.82)])
    func heatIndexNWS(temperature: Double, humidity: Double, expected: Double) {
        let value = ApparentTemperature.heatIndexNWSCelsius(airTemperatureCelsius: temperature, relativeHumidityPercent: humidity)
        #expect(close(value, expected, within: 0.005), "\(String(describing: value))")
    }

    @Test("heat index: NWS 41.9 and WeatherFlow 45.3 at 45.3 °C and 8.6 %")
    func heatIndexVariants() {
        // The reference prints 41.9; the procedure gives 41.85 (113.5 °F is
        // above the 112 °F limit of the low-humidity adjustment).
        #expect(close(ApparentTemperature.heatIndexNWSCelsius(airTemperatureCelsius: 45.3, relativeHumidityPercent: 8.6), 41.9, within: 0.06))
        #expect(ApparentTemperature.heatIndexWeatherFlowCelsius(airTemperatureCelsius: 45.3, relativeHumidityPercent: 8.6) == 45.3)
    }

    @Test("feels-like follows the WeatherFlow rule")
    func feelsLike() {
        // Hot and humid: the heat index.
        let hot = ApparentTemperature.feelsLikeCelsius(airTemperatureCelsius: 35, relativeHumidityPercent: 50, windAverageMetersPerSecond: 2)
        #expect(hot == ApparentTemperature.heatIndexWeatherFlowCelsius(airTemperatureCelsius: 35, relativeHumidityPercent: 50))
        #expect(hot! > 35)
        // Cold and windy: the wind chill.
        #expect(close(ApparentTemperature.feelsLikeCelsius(airTemperatureCelsius: 0.1, relativeHumidityPercent: 80, windAverageMetersPerSecond: 1.73), -1.98, within: 0.005))
        // Mild: the air temperature; no wind reading: no wind chill.
        #expect(ApparentTemperature.feelsLikeCelsius(airTemperatureCelsius: 18, relativeHumidityPercent: 50, windAverageMetersPerSecond: 5) == 18)
        #expect(ApparentTemperature.feelsLikeCelsius(airTemperatureCelsius: 2, relativeHumidityPercent: 50, windAverageMetersPerSecond: nil) == 2)
    }

    @Test("missing inputs give missing results, never zero")
    func missingInputs() {
        #expect(Psychrometrics.dewPointCelsius(airTemperatureCelsius: nil, relativeHumidityPercent: 50) == nil)
        #expect(Psychrometrics.dewPointCelsius(airTemperatureCelsius: 10, relativeHumidityPercent: 0) == nil)
        #expect(Psychrometrics.wetBulbCelsius(airTemperatureCelsius: 10, relativeHumidityPercent: 50, stationPressureMillibars: nil) == nil)
        #expect(SeaLevelPressure.millibars(stationPressureMillibars: nil, elevationMeters: 100) == nil)
        #expect(ApparentTemperature.windChillCelsius(airTemperatureCelsius: 0, windAverageMetersPerSecond: nil) == nil)
        let derived = DerivedObservation(DerivedObservation.Inputs())
        #expect(derived == DerivedObservation(DerivedObservation.Inputs()))
        #expect(derived.dewPointCelsius == nil && derived.feelsLikeCelsius == nil && derived.beaufort == nil)
        #expect(derived.cardinalDirection == nil && derived.rainRate == nil && derived.batteryLevel == nil)
    }

    @Test("vapour pressure and absolute humidity")
    func moisture() {
        // Saturated air at 20 °C: 23.39 hPa and 17.3 g/m³ in standard tables;
        // the Magnus form with WeatherFlow's constants is within 0.2 %.
        #expect(close(Psychrometrics.vaporPressureHectopascals(airTemperatureCelsius: 20, relativeHumidityPercent: 100), 23.39, within: 0.06))
        #expect(close(Psychrometrics.absoluteHumidityGramsPerCubicMeter(airTemperatureCelsius: 20, relativeHumidityPercent: 100), 17.3, within: 0.06))
        #expect(close(Psychrometrics.vaporPressureHectopascals(airTemperatureCelsius: 20, relativeHumidityPercent: 50), 23.39 / 2, within: 0.03))
        #expect(close(Psychrometrics.cloudBaseMeters(airTemperatureCelsius: 10.5, relativeHumidityPercent: 22), (10.5 + 10.35) * 125, within: 1))
    }
}
