// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology
import Testing

/// The sun's elevation and the WMO pyranometric sunshine rule, against
/// their sources' values.
@Suite struct SunshineDurationTests {
    @Test func solarElevationMatchesNRELSolarPositionAlgorithmExample() {
        // Reda and Andreas, "Solar Position Algorithm for Solar Radiation
        // Applications" (NREL/TP-560-34302, 2004), the worked example:
        // 17 October 2003 12:30:30 at UTC-7, 39.742476° N, 105.1786° W:
        // topocentric zenith 50.11162°, so elevation 39.888° (with 0.017°
        // of refraction, which the almanac formulas leave out).
        let elevation = SolarPosition.elevationDegrees(at: 1_066_419_030, latitudeDegrees: 39.742476, longitudeDegrees: -105.1786)
        #expect(abs(elevation - (90 - 50.11162 - 0.017)) < 0.02, "\(elevation)")
    }

    @Test func solarElevationAtNightIsBelowTheHorizon() {
        // The same place at 00:30 local time.
        let elevation = SolarPosition.elevationDegrees(at: 1_066_419_030 - 12 * 3_600, latitudeDegrees: 39.742476, longitudeDegrees: -105.1786)
        #expect(elevation < -30)
    }

    @Test func carpentrasThresholdIsSeventyPercentOfTheClearSkyModel() {
        // G₀ = 1080 · (sin h)^1.25 W/m², sunshine from 0.7 · G₀, none at 3° or below.
        #expect(abs((SunshineDuration.thresholdWattsPerSquareMeter(elevationDegrees: 90) ?? 0) - 756) < 1e-9)
        // sin 30° = 0.5; 0.5^1.25 = 0.42045: 0.7 · 1080 · 0.42045 = 317.86.
        #expect(abs((SunshineDuration.thresholdWattsPerSquareMeter(elevationDegrees: 30) ?? 0) - 317.86) < 0.01)
        #expect(SunshineDuration.thresholdWattsPerSquareMeter(elevationDegrees: 3) == nil)
        #expect(SunshineDuration.thresholdWattsPerSquareMeter(elevationDegrees: -10) == nil)
    }

    @Test func aMinuteIsSunshineAboveTheThresholdOfItsSolarElevation() {
        // At the NREL example's 39.9°: 756 · sin(39.9°)^1.25 ≈ 434 W/m².
        func shines(_ watts: Double) -> Bool {
            SunshineDuration.isSunshine(wattsPerSquareMeter: watts, at: 1_066_419_030, latitudeDegrees: 39.742476, longitudeDegrees: -105.1786)
        }
        #expect(shines(600))
        #expect(!shines(400))
        // Without a position, the older rule: global radiation of 120 W/m² or more.
        #expect(SunshineDuration.isSunshine(wattsPerSquareMeter: 120, at: 0, latitudeDegrees: nil, longitudeDegrees: nil))
        #expect(!SunshineDuration.isSunshine(wattsPerSquareMeter: 119, at: 0, latitudeDegrees: nil, longitudeDegrees: nil))
        // At night nothing shines, whatever a sensor says.
        #expect(
            !SunshineDuration.isSunshine(
                wattsPerSquareMeter: 900, at: 1_066_419_030 - 12 * 3_600, latitudeDegrees: 39.742476, longitudeDegrees: -105.1786))
    }
}
