// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import ForecastBridge
import Testing

@Suite struct LocalCorrectionTests {
    let series = ForecastSeries(times: [0, 3600, 7200, 10800], values: ["temperature_2m": [10, 12, nil, 16]])

    @Test func interpolatesBetweenHourlySteps() {
        #expect(LocalCorrection.interpolated(series, "temperature_2m", at: 0) == 10)
        #expect(LocalCorrection.interpolated(series, "temperature_2m", at: 900) == 10.5)
        #expect(LocalCorrection.interpolated(series, "temperature_2m", at: 3600) == 12)
        #expect(LocalCorrection.interpolated(series, "temperature_2m", at: 5400) == nil, "next to a missing value")
        #expect(LocalCorrection.interpolated(series, "temperature_2m", at: -1) == nil)
        #expect(LocalCorrection.interpolated(series, "temperature_2m", at: 10800) == 16)
        #expect(LocalCorrection.interpolated(series, "temperature_2m", at: 10801) == nil)
        #expect(LocalCorrection.interpolated(series, "dew_point_2m", at: 0) == nil)
    }

    @Test func biasIsTheMeanObservedMinusForecast() throws {
        let observations = [TimedValue(time: 0, value: 11), TimedValue(time: 1800, value: 13), TimedValue(time: 5400, value: 99)]
        #expect(LocalCorrection.difference(observations[1], forecast: series) == 2)
        // The last observation meets no forecast value and is left out: (1 + 2) / 2.
        #expect(LocalCorrection.bias(observations, forecast: series) == 1.5)
        #expect(LocalCorrection.bias([TimedValue(time: 7200, value: 1)], forecast: series) == nil)
        #expect(LocalCorrection.bias([], forecast: series) == nil)
    }

    @Test func correctionFadesWithLeadTime() {
        #expect(LocalCorrection.corrected(10, bias: 2, leadSeconds: 0) == 12)
        let sixHours = LocalCorrection.corrected(10, bias: 2, leadSeconds: 6 * 3600)
        #expect(abs(sixHours - (10 + 2 / 2.718281828459045)) < 1e-9)
        #expect(abs(LocalCorrection.corrected(10, bias: 2, leadSeconds: 86_400) - 10) < 0.05)
        #expect(LocalCorrection.corrected(10, bias: -3, leadSeconds: -60) == 7, "negative lead counts as now")
    }

    @Test func correctedSeriesCoversTheNextHours() {
        let corrected = LocalCorrection.correctedSeries(series, bias: 1, now: 1800, hours: 2, decaySeconds: 1800)
        #expect(corrected.map(\.time) == [3600, 7200])
        #expect(abs(corrected[0].value! - (12 + exp(-1))) < 1e-9)
        #expect(corrected[1].value == nil)
        #expect(LocalCorrection.correctedSeries(series, bias: 1, now: 20_000, hours: 5).isEmpty)
    }
}
