// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Testing
import Meteorology

@Suite("Categories and words")
struct CategoryTests {
    @Test("Beaufort uses the WMO lower bounds", arguments: [
        (0.0, 0), (0.29, 0), (0.3, 1), (1.59, 1), (1.6, 2), (5.5, 4), (10.8, 6), (17.2, 8), (24.4, 9), (32.6, 11), (32.7, 12), (60.0, 12),
    ])
    func beaufort(speed: Double, force: Int) {
        #expect(Beaufort(windSpeedMetersPerSecond: speed)?.force == force)
    }

    @Test("Beaufort descriptions")
    func beaufortWords() {
        #expect(Beaufort(windSpeedMetersPerSecond: 0)?.description == "calm")
        #expect(Beaufort(windSpeedMetersPerSecond: 9)?.description == "fresh breeze")
        #expect(Beaufort(windSpeedMetersPerSecond: 40)?.description == "hurricane force")
        #expect(Beaufort(windSpeedMetersPerSecond: nil) == nil)
    }

    @Test("UV categories round half up", arguments: [
        (0.0, UVCategory.low), (2.49, .low), (2.5, .moderate), (5.49, .moderate), (5.5, .high), (7.5, .veryHigh), (10.49, .veryHigh), (10.5, .extreme), (16.0, .extreme),
    ])
    func uv(index: Double, category: UVCategory) {
        #expect(UVCategory(uvIndex: index) == category)
        #expect(!category.protectionAdvice.isEmpty)
    }

    @Test("rain rate and intensity from None to Violent", arguments: [
        (0.0, RainIntensity.none), (0.004, .veryLight), (0.01, .light), (0.05, .moderate), (0.1, .heavy), (0.5, .veryHeavy), (0.9, .violent),
    ])
    func rain(minuteRain: Double, intensity: RainIntensity) {
        let rate = RainIntensity.rate(rainAccumulatedMillimeters: minuteRain, reportIntervalMinutes: 1)
        #expect(rate?.millimetersPerHour == minuteRain * 60)
        #expect(RainIntensity(rate: rate) == intensity)
    }

    @Test("rain rate scales with the report interval")
    func rainRateInterval() {
        #expect(RainIntensity.rate(rainAccumulatedMillimeters: 1, reportIntervalMinutes: 5)?.millimetersPerHour == 12)
        #expect(RainIntensity.rate(rainAccumulatedMillimeters: nil, reportIntervalMinutes: 1) == nil)
    }

    @Test("16-point cardinal directions, calm at zero speed", arguments: [
        (0.0, "N"), (11.2, "N"), (11.3, "NNE"), (90.0, "E"), (196.0, "SSW"), (348.7, "NNW"), (348.8, "N"), (359.0, "N"),
    ])
    func cardinal(degrees: Double, name: String) {
        #expect(CardinalDirection.name(directionDegrees: degrees, speedMetersPerSecond: 3) == name)
    }

    @Test("calm and missing directions")
    func calm() {
        #expect(CardinalDirection.name(directionDegrees: 0, speedMetersPerSecond: 0) == "calm")
        #expect(CardinalDirection.name(directionDegrees: nil, speedMetersPerSecond: 2) == nil)
    }

    @Test("pressure trend over three hours")
    func pressureTrend() {
        let now: Int64 = 1_720_900_000
        func samples(_ change: Double) -> [(timestamp: Int64, millibars: Double)] {
            [(now - 3 * 3600 - 120, 1000), (now - 3600, 1000 + change / 2), (now, 1000 + change)]
        }
        #expect(PressureTrend(samples: samples(-1.5))?.direction == .falling)
        #expect(PressureTrend(samples: samples(-1))?.direction == .falling)
        #expect(PressureTrend(samples: samples(-0.9))?.direction == .steady)
        #expect(PressureTrend(samples: samples(0.99))?.direction == .steady)
        #expect(PressureTrend(samples: samples(1))?.direction == .rising)
        #expect(abs(PressureTrend(samples: samples(2.4))!.changeMillibars - 2.4) < 1e-9)
        // Nothing within 15 minutes of three hours ago: unknown.
        #expect(PressureTrend(samples: [(now - 2 * 3600, 1000), (now, 1003)]) == nil)
    }

    @Test("dew-point comfort, battery levels, power modes and sensor words")
    func words() {
        #expect(DewPointComfort(dewPointCelsius: 5) == .dry)
        #expect(DewPointComfort(dewPointCelsius: 22) == .veryHumid)
        #expect(DewPointComfort(dewPointCelsius: 26) == .oppressive)
        #expect(BatteryLevel(tempestVolts: 2.6) == .good)
        #expect(BatteryLevel(tempestVolts: 2.40) == .low)
        #expect(BatteryLevel(tempestVolts: 2.351) == .critical)
        #expect(BatteryLevel(aaCellDeviceVolts: 3.45) == .good)
        #expect(BatteryLevel(aaCellDeviceVolts: 2.3) == .replace)
        #expect(PowerSaveModeDescription.mode(windSampleIntervalSeconds: 300) == 3)
        #expect(PowerSaveModeDescription.text(mode: 3).contains("lightning and rain sensors off"))
        #expect(SensorStatusWords.phrases(sensorStatus: 0) == ["all sensors OK"])
        #expect(SensorStatusWords.phrases(sensorStatus: 8196) == ["lightning sensor sees disturbers", "undocumented status bits 0x2000"])
        #expect(SensorStatusWords.phrases(sensorStatus: 48) == ["temperature sensor failed", "humidity sensor failed"])
        #expect(SensorStatusWords.hasSensorFailure(sensorStatus: 48))
        #expect(!SensorStatusWords.hasSensorFailure(sensorStatus: 0xA0006))
    }

    @Test("units convert both ways")
    func units() {
        #expect(Temperature(celsius: 100).fahrenheit == 212)
        #expect(abs(Temperature(fahrenheit: 32).celsius) < 1e-12)
        #expect(abs(Speed(metersPerSecond: 10).kilometersPerHour - 36) < 1e-9)
        #expect(abs(Speed(metersPerSecond: 10).milesPerHour - 22.369363) < 1e-6)
        #expect(abs(Speed(metersPerSecond: 10).knots - 19.438445) < 1e-6)
        #expect(abs(Speed(knots: Speed(metersPerSecond: 3).knots).metersPerSecond - 3) < 1e-9)
        #expect(abs(Pressure(millibars: 1013.25).inchesOfMercury - 29.921) < 0.001)
        #expect(abs(Pressure(millibars: 1013.25).millimetersOfMercury - 760.0) < 0.01)
        #expect(Pressure(millibars: 1013.25).kilopascals == 101.325)
        #expect(abs(RainAmount(millimeters: 25.4).inches - 1) < 1e-5)
        #expect(abs(Distance(kilometers: 10).miles - 6.21371) < 1e-9)
        #expect(abs(Distance(miles: Distance(kilometers: 7).miles).kilometers - 7) < 1e-9)
    }

    @Test("wind directions average as vectors: 350° and 10° make 0°, not 180°")
    func vectorAverage() {
        let average = WindVectorAverage.of([(5, 350), (5, 10)])
        let direction = average.meanDirectionDegrees!
        #expect(direction < 0.001 || direction > 359.999)
        #expect(average.meanSpeedMetersPerSecond == 5)
        // The stronger wind pulls the mean towards itself.
        #expect(abs(WindVectorAverage.of([(9, 90), (1, 180)]).meanDirectionDegrees! - 96.34) < 0.01)
        #expect(WindVectorAverage.of([(0, 90), (0, 270)]).meanDirectionDegrees == nil)
    }
}
