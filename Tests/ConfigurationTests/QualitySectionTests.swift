// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import Testing

/// `[quality]`: the quality checks' thresholds, read and checked by the loader.
@Suite struct QualitySectionTests {
    @Test func theThresholdsAreReadWithTheirUnits() throws {
        let loaded = ConfigurationLoader.resolve(
            fileText: """
                [quality]
                enabled = false
                temperature_step_c = 5.5
                humidity_step_percent = 20
                pressure_step_hpa = 2.5
                stuck_hours = 6
                rain_sensor_off_volts = 2.36
                suspect_rain_wind_gust_m_s = 12.5
                rain_start_window_minutes = 30
                """, path: nil, environment: [:])
        #expect(loaded.problems.isEmpty, "\(loaded.problems)")
        let quality = loaded.configuration.quality
        #expect(!quality.enabled)
        #expect(quality.temperatureStepCelsius == 5.5)
        #expect(quality.humidityStepPercent == 20)
        #expect(quality.pressureStepHectopascals == 2.5)
        #expect(quality.stuckHours == 6)
        #expect(quality.rainSensorOffVolts == 2.36)
        #expect(quality.suspectRainWindGustMetersPerSecond == 12.5)
        #expect(quality.rainStartWindowMinutes == 30)
    }

    @Test func aThresholdOutOfItsRangeIsRefusedNamingTheKey() {
        let loaded = ConfigurationLoader.resolve(fileText: "[quality]\ntemperature_step_c = 0\n", path: nil, environment: [:])
        #expect(loaded.problems.map(\.description) == ["line 2: quality.temperature_step_c: 0 is out of range; allowed: a number from 0.1 to 100"])
    }

    @Test func withoutASectionTheDefaultsApply() {
        let quality = GatewayConfiguration().quality
        #expect(quality.enabled)
        #expect(quality.temperatureStepCelsius == 8)
        #expect(quality.humidityStepPercent == 25)
        #expect(quality.pressureStepHectopascals == 3)
        #expect(quality.stuckHours == 3)
        #expect(quality.rainSensorOffVolts == 2.355)
        #expect(quality.rainStartWindowMinutes == 60)
    }
}
