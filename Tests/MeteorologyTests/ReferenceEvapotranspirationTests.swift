// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology
import Testing

/// FAO-56's worked examples (Allen et al. 1998, chapter 3) as check values.
@Suite struct ReferenceEvapotranspirationTests {
    typealias ET = ReferenceEvapotranspiration

    @Test func example2PressureAndPsychrometricConstantAt1800Meters() {
        #expect(abs(ET.atmosphericPressureKilopascals(elevationMeters: 1_800) - 81.8) < 0.05)
        #expect(abs(ET.psychrometricConstantKilopascalsPerDegree(elevationMeters: 1_800) - 0.054) < 0.0005)
    }

    @Test func example3And5VaporPressures() {
        // Example 3: Tmax 24.5 °C, Tmin 15 °C: e° 3.075 and 1.705, eₛ 2.39 kPa.
        #expect(abs(ET.saturationVaporPressureKilopascals(24.5) - 3.075) < 0.0005)
        #expect(abs(ET.saturationVaporPressureKilopascals(15) - 1.705) < 0.0005)
        #expect(abs(ET.meanSaturationVaporPressureKilopascals(minimumCelsius: 15, maximumCelsius: 24.5) - 2.39) < 0.005)
        // Example 5: Tmin 18, Tmax 25, RHmax 82 %, RHmin 54 %: eₐ 1.70 kPa.
        let actual = ET.actualVaporPressureKilopascals(minimumCelsius: 18, maximumCelsius: 25, minimumHumidityPercent: 54, maximumHumidityPercent: 82)
        #expect(abs(actual - 1.70) < 0.005)
    }

    @Test func example8ExtraterrestrialRadiationAt20SouthOn3September() {
        #expect(abs(ET.extraterrestrialRadiationMegajoulesPerSquareMeter(latitudeDegrees: -20, dayOfYear: 246) - 32.2) < 0.05)
    }

    @Test func example14WindAt10MetersBroughtTo2() {
        #expect(abs(ET.windAtTwoMeters(3.2, measuredAtMeters: 10) - 2.4) < 0.05)
    }

    @Test func example18BrusselsOn6July() {
        // 50°48′N, 100 m; Tmax 21.5, Tmin 12.3 °C; RHmax 84 %, RHmin 63 %;
        // wind 2.078 m/s at 2 m; Rₛ 22.07 MJ/m² (from 9.25 h of sunshine).
        let day = ET.DayInputs(
            minimumTemperatureCelsius: 12.3, maximumTemperatureCelsius: 21.5, minimumHumidityPercent: 63, maximumHumidityPercent: 84,
            meanWindMetersPerSecond: 2.078, windSensorHeightMeters: 2, solarRadiationMegajoulesPerSquareMeter: 22.07, elevationMeters: 100,
            latitudeDegrees: 50.8, dayOfYear: 187)
        // The example's steps: Rₐ 41.09, Rₛₒ 30.90, Rₙ 13.28 MJ/m²; eₛ 1.997, eₐ 1.409 kPa.
        let extraterrestrial = ET.extraterrestrialRadiationMegajoulesPerSquareMeter(latitudeDegrees: 50.8, dayOfYear: 187)
        #expect(abs(extraterrestrial - 41.09) < 0.05)
        let clearSky = ET.clearSkyRadiationMegajoulesPerSquareMeter(extraterrestrialMegajoules: extraterrestrial, elevationMeters: 100)
        #expect(abs(clearSky - 30.90) < 0.05)
        #expect(abs(ET.meanSaturationVaporPressureKilopascals(minimumCelsius: 12.3, maximumCelsius: 21.5) - 1.997) < 0.002)
        let actual = ET.actualVaporPressureKilopascals(minimumCelsius: 12.3, maximumCelsius: 21.5, minimumHumidityPercent: 63, maximumHumidityPercent: 84)
        #expect(abs(actual - 1.409) < 0.002)
        let net = ET.netRadiationMegajoulesPerSquareMeter(
            solarMegajoules: 22.07, clearSkyMegajoules: clearSky, minimumCelsius: 12.3, maximumCelsius: 21.5, actualVaporPressureKilopascals: actual)
        #expect(abs(net - 13.28) < 0.05)
        #expect(abs(ET.millimetersPerDay(day) - 3.9) < 0.05)
    }

    @Test func growingDegreeDaysAndChillHours() {
        #expect(GrowingDegreeDays.degreeDays(minimumCelsius: 12, maximumCelsius: 26) == 9)
        #expect(GrowingDegreeDays.degreeDays(minimumCelsius: 2, maximumCelsius: 12) == 0)
        #expect(GrowingDegreeDays.degreeDays(minimumCelsius: 2, maximumCelsius: 12, baseCelsius: 5) == 2)
        let minutes = (0..<120).map { (temperatureCelsius: -1.0 + Double($0) / 10, durationSeconds: 60.0) }
        // -1.0 … 10.9 °C a tenth per minute: 0.0 … 7.2 is 73 minutes.
        #expect(abs(ChillHours.hours(minutes) - 73.0 / 60) < 1e-9)
    }
}
