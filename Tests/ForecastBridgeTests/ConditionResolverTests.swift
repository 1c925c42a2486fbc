// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ForecastBridge
import Testing

@Suite struct ConditionResolverTests {
    let now: Int64 = 1_700_000_000

    @Test func clearSkyDependsOnDayOrNight() {
        #expect(WMOWeatherCode.condition(0, isDay: true) == .sunny)
        #expect(WMOWeatherCode.condition(0, isDay: false) == .clearNight)
        #expect(WMOWeatherCode.condition(1, isDay: false) == .clearNight)
        #expect(WMOWeatherCode.condition(2, isDay: false) == .partlyCloudy)
        #expect(WeatherCondition.clearNight.rawValue == "clear-night")
        #expect(WeatherCondition.partlyCloudy.rawValue == "partlycloudy")
        #expect(WeatherCondition.lightningRainy.rawValue == "lightning-rainy")
    }

    @Test func everyDocumentedCodeHasAConditionAndADescription() {
        let codes = [0, 1, 2, 3, 45, 48, 51, 53, 55, 56, 57, 61, 63, 65, 66, 67, 71, 73, 75, 77, 80, 81, 82, 85, 86, 95, 96, 99]
        for code in codes {
            #expect(WMOWeatherCode.condition(code, isDay: true) != nil, "\(code)")
            #expect(WMOWeatherCode.description(code) != nil, "\(code)")
        }
        let expected: [Int: WeatherCondition] = [
            3: .cloudy, 45: .fog, 48: .fog, 51: .rainy, 61: .rainy, 65: .pouring, 67: .rainy, 71: .snowy, 77: .snowy,
            80: .rainy, 81: .pouring, 82: .pouring, 86: .snowy, 95: .lightningRainy, 96: .hail, 99: .hail,
        ]
        for (code, condition) in expected { #expect(WMOWeatherCode.condition(code, isDay: true) == condition, "\(code)") }
        #expect(WMOWeatherCode.condition(4, isDay: true) == nil)
        #expect(WMOWeatherCode.description(100) == nil)
    }

    @Test func stationRainOverridesTheForecast() {
        let light = StationEvidence(rainRateMillimetresPerHour: 1.2)
        let heavy = StationEvidence(rainRateMillimetresPerHour: 7.6)
        #expect(ConditionResolver.condition(weatherCode: 0, isDay: true, station: light, now: now) == .rainy)
        #expect(ConditionResolver.condition(weatherCode: 3, isDay: false, station: heavy, now: now) == .pouring)
        #expect(ConditionResolver.condition(weatherCode: 65, isDay: true, station: light, now: now) == .rainy)
        #expect(ConditionResolver.condition(weatherCode: nil, isDay: true, station: light, now: now) == .rainy)
        #expect(ConditionResolver.condition(weatherCode: 73, isDay: true, station: light, now: now) == .snowyRainy)
        #expect(ConditionResolver.condition(weatherCode: 99, isDay: true, station: heavy, now: now) == .hail)
        let dry = StationEvidence(rainRateMillimetresPerHour: 0)
        #expect(ConditionResolver.condition(weatherCode: 0, isDay: true, station: dry, now: now) == .sunny)
    }

    @Test func recentLightningWinsForFifteenMinutes() {
        let recent = StationEvidence(rainRateMillimetresPerHour: 9, lastLightningStrike: now - 900)
        #expect(ConditionResolver.condition(weatherCode: 0, isDay: true, station: recent, now: now) == .lightningRainy)
        let old = StationEvidence(lastLightningStrike: now - 901)
        #expect(ConditionResolver.condition(weatherCode: 0, isDay: false, station: old, now: now) == .clearNight)
        let future = StationEvidence(lastLightningStrike: now + 60)
        #expect(ConditionResolver.condition(weatherCode: 2, isDay: true, station: future, now: now) == .partlyCloudy)
    }

    @Test func nothingKnownIsNil() {
        #expect(ConditionResolver.condition(weatherCode: nil, isDay: true, now: now) == nil)
        #expect(ConditionResolver.condition(weatherCode: 42, isDay: true, now: now) == nil)
    }

    @Test func dayIsBetweenSunriseAndSunset() {
        #expect(ConditionResolver.isDay(now: 100, sunrise: 100, sunset: 200))
        #expect(!ConditionResolver.isDay(now: 200, sunrise: 100, sunset: 200))
        #expect(!ConditionResolver.isDay(now: 99, sunrise: 100, sunset: 200))
    }
}
