// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology
import Testing

/// Calibration's offsets and factors, with hand-computed check values, and
/// the limits no sensor can pass.
@Suite struct CalibrationTests {
    private let calibration = Calibration(
        temperatureOffsetCelsius: -1.5, humidityOffsetPercent: 4, pressureOffsetHectopascals: -0.8,
        windSpeedFactor: 1.2, windDirectionOffsetDegrees: 15, rainFactor: 1.1,
        illuminanceFactor: 0.9, solarRadiationFactor: 1.05, uvFactor: 0.8)

    @Test func offsetsAndFactorsApply() throws {
        #expect(try #require(calibration.temperatureCelsius(21.3)) == 21.3 - 1.5)
        #expect(try #require(calibration.relativeHumidityPercent(50)) == 54)
        #expect(abs(try #require(calibration.stationPressureHectopascals(1_002.4)) - 1_001.6) < 1e-9)
        #expect(abs(try #require(calibration.windSpeedMetersPerSecond(2.5)) - 3.0) < 1e-9)
        #expect(try #require(calibration.windDirectionDegrees(90)) == 105)
        // 0.254 mm (one 0.01-inch tip) × 1.1 = 0.2794 mm.
        #expect(abs(try #require(calibration.rainMillimeters(0.254)) - 0.2794) < 1e-12)
        #expect(abs(try #require(calibration.illuminanceLux(20_000)) - 18_000) < 1e-9)
        #expect(abs(try #require(calibration.solarRadiationWattsPerSquareMeter(600)) - 630) < 1e-9)
        #expect(abs(try #require(calibration.uvIndex(5)) - 4) < 1e-12)
        #expect(calibration.temperatureCelsius(nil) == nil)
        #expect(calibration.rainMillimeters(nil) == nil)
    }

    @Test func limitsNoSensorCanPass() throws {
        // Humidity within 0…100 after the offset.
        #expect(calibration.relativeHumidityPercent(98) == 100)
        #expect(Calibration(humidityOffsetPercent: -5).relativeHumidityPercent(3) == 0)
        // Directions wrap: 350 + 15 = 5, 10 − 20 = 350, 365 − 5 = 0.
        #expect(calibration.windDirectionDegrees(350) == 5)
        #expect(Calibration(windDirectionOffsetDegrees: -20).windDirectionDegrees(10) == 350)
        #expect(Calibration(windDirectionOffsetDegrees: -5).windDirectionDegrees(365) == 0)
        #expect(Calibration(windDirectionOffsetDegrees: 720).windDirectionDegrees(45) == 45)
        // Pressure never below 0, whatever the offset.
        #expect(Calibration(pressureOffsetHectopascals: -20).stationPressureHectopascals(5) == 0)
        // A temperature may go below 0.
        #expect(calibration.temperatureCelsius(1) == -0.5)
    }

    @Test func quantitiesAndWholeNumbers() {
        #expect(calibration.corrected(20.0, as: .temperature) == 18.5)
        #expect(calibration.corrected(Optional<Double>.none, as: .rain) == nil)
        // A stored direction: 350 + 15 = 365, wraps to 5; 359.6 would round to 0, not 360.
        #expect(calibration.corrected(350, as: .windDirection) == 5)
        #expect(Calibration(windDirectionOffsetDegrees: 0.6).corrected(359, as: .windDirection) == 0)
        // Whole lux and W/m² round: 1 001 × 0.9 = 900.9 → 901; 333 × 1.05 = 349.65 → 350.
        #expect(calibration.corrected(1_001, as: .illuminance) == 901)
        #expect(calibration.corrected(333, as: .solarRadiation) == 350)
        #expect(calibration.corrected(Optional<Int>.none, as: .illuminance) == nil)
    }

    @Test func theDefaultChangesNothing() {
        #expect(Calibration.none.isNone)
        #expect(!calibration.isNone)
        let none = Calibration.none
        #expect(none.temperatureCelsius(-3.25) == -3.25)
        #expect(none.relativeHumidityPercent(61.5) == 61.5)
        #expect(none.windDirectionDegrees(359) == 359)
        #expect(none.rainMillimeters(0.123456) == 0.123456)
        #expect(none.illuminanceLux(12_345) == 12_345)
    }
}
