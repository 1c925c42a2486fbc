// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON
import Meteorology
import Pipeline

extension WeatherFlow2MQTTCompatibility {
    /// Its `pressure_trend_value`: the 3-hour change in its pressure unit,
    /// rounded to 2 decimals, and 0 when the trend is steady (as it did).
    public func pressureTrendValue(_ trend: PressureTrend) -> Double {
        guard trend.direction != .steady else { return 0 }
        let change = unitSystem == .imperial ? trend.changeMillibars / 33.863_886_666_7 : trend.changeMillibars
        return round(change, 2)
    }

    /// Its `high_low/attributes` JSON, from the records the gateway keeps:
    /// `air_temperature` with `max_day`, `min_day`, `max_month`,
    /// `min_month`, `max_all`, `min_all` and their `…_time`, and
    /// `wind_gust` with the maximums only (its minimum gust was always 0).
    /// Its other sensors' extremes are not kept by the gateway; nil without
    /// records.
    func highLowAttributes(snapshot: StationSnapshot?, totals: CurrentTotals?) -> String? {
        guard let records = snapshot?.records, let today = totals?.today else { return nil }
        var json = JSONWriter()
        json.beginObject()
        if records.allTime.maximumTemperature != nil {
            json.key("air_temperature")
            json.beginObject()
            write("max_day", today.maximumTemperature, .temperature, into: &json)
            write("max_month", records.month.maximumTemperature, .temperature, into: &json)
            write("max_all", records.allTime.maximumTemperature, .temperature, into: &json)
            write("min_day", today.minimumTemperature, .temperature, into: &json)
            write("min_month", records.month.minimumTemperature, .temperature, into: &json)
            write("min_all", records.allTime.minimumTemperature, .temperature, into: &json)
            json.endObject()
        }
        if records.allTime.maximumGust != nil {
            let dayGust = today.maximumGust.map { PeriodRecords.Extreme(value: $0.metersPerSecond, timestamp: $0.timestamp) }
            json.key("wind_gust")
            json.beginObject()
            write("max_day", dayGust, .speed, into: &json)
            write("max_month", records.month.maximumGust, .speed, into: &json)
            write("max_all", records.allTime.maximumGust, .speed, into: &json)
            json.endObject()
        }
        json.endObject()
        return json.text
    }

    private func write(_ key: String, _ extreme: PeriodRecords.Extreme?, _ conversion: Conversion, into json: inout JSONWriter) {
        json.member(key, extreme.map { convert(conversion, $0.value) })
        json.member("\(key)_time", extreme.map { WeatherFlow2MQTTCompatibility.timestamp($0.timestamp) })
    }
}
