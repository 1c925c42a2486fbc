// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// The condition published as "conditions": the forecast's WMO code turned
/// into a Home Assistant condition, overridden by what the station measures.
///
/// Rules, first match wins:
/// 1. A lightning strike within the last 15 minutes → `lightning-rainy`
///    (issue #7's rule, whatever the rain gauge says).
/// 2. Rain now (rate above 0): `pouring` from 7.6 mm/h (the usual threshold
///    for heavy rain), else `rainy`. A forecast of snow turns this into
///    `snowy-rainy`; a forecast of hail stays `hail`.
/// 3. Otherwise the forecast's code, by day or night.
public enum ConditionResolver {
    /// Rain rate at and above which rain counts as pouring, mm/h.
    public static let pouringRainRate = 7.6
    /// How long a lightning strike keeps the condition at `lightning-rainy`, seconds.
    public static let lightningWindowSeconds: Int64 = 15 * 60

    /// The condition at `now` (Unix seconds); nil when neither the forecast
    /// code nor the station says anything.
    public static func condition(weatherCode: Int?, isDay: Bool, station: StationEvidence = StationEvidence(), now: Int64)
        -> WeatherCondition?
    {
        let forecast = weatherCode.flatMap { WMOWeatherCode.condition($0, isDay: isDay) }
        if let strike = station.lastLightningStrike, strike <= now, now - strike <= lightningWindowSeconds {
            return .lightningRainy
        }
        if let rate = station.rainRateMillimetresPerHour, rate > 0 {
            switch forecast {
            case .hail?, .lightningRainy?: return forecast
            case .snowy?, .snowyRainy?: return .snowyRainy
            default: return rate >= pouringRainRate ? .pouring : .rainy
            }
        }
        return forecast
    }

    /// Whether `now` lies between `sunrise` and `sunset` (Unix seconds).
    public static func isDay(now: Int64, sunrise: Int64, sunset: Int64) -> Bool {
        sunrise <= now && now < sunset
    }
}
