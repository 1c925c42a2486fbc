// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

extension HomeAssistantEntity {
    /// Rain over the last 24 hours and this week, month and year, and the
    /// highs and lows of the month, year and all time (from the daily
    /// summaries in the store, in the station's time zone).
    static func recordEntities(thermo: Bool, windAndRain: Bool) -> [HomeAssistantEntity] {
        var entities = [HomeAssistantEntity]()
        let periods = [("month", "this month"), ("year", "this year"), ("all_time", "all time")]
        if thermo {
            for (suffix, words) in periods {
                entities += [
                    .init(field: "air_temperature_max_\(suffix)", name: "Temperature high \(words)", deviceClass: "temperature", unit: "°C", precision: 1),
                    .init(field: "air_temperature_min_\(suffix)", name: "Temperature low \(words)", deviceClass: "temperature", unit: "°C", precision: 1),
                ]
            }
        }
        if windAndRain {
            entities.append(
                .init(
                    field: "rain_last_24_hours", name: "Rain last 24 hours", deviceClass: "precipitation", unit: "mm",
                    stateClass: "measurement", precision: 1))
            // Totals since a period began: Home Assistant reads their drop at
            // the next period as a new cycle.
            for period in ["week", "month", "year"] {
                entities.append(
                    .init(
                        field: "rain_this_\(period)", name: "Rain this \(period)", deviceClass: "precipitation", unit: "mm",
                        stateClass: "total_increasing", precision: 1))
            }
            for (suffix, words) in periods {
                entities.append(
                    .init(field: "wind_gust_max_\(suffix)", name: "Strongest gust \(words)", deviceClass: "wind_speed", unit: "m/s", precision: 1))
            }
        }
        return entities
    }
}
