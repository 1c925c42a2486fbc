// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON
import Meteorology
import Pipeline
import TempestUDP

extension MessagePublications {
    /// The plain values of a `StationSnapshot` (`<base>/<serial>/<field>`),
    /// in the chosen units; unknown ones are left out. The binary values
    /// read `ON` or `OFF`, as Home Assistant's binary sensors expect.
    public static func values(
        of snapshot: StationSnapshot, serial: String, layout: TopicLayout, units: PublishedUnits
    ) -> [(topic: RetainedTopic, payload: String)] {
        var fields = [(String, String)]()
        func add(_ name: String, _ value: Double?) {
            if let value { fields.append((name, units.text(field: name, value))) }
        }
        func add(_ name: String, _ value: Bool?) {
            if let value { fields.append((name, value ? "ON" : "OFF")) }
        }
        func add(_ name: String, text value: String?) {
            if let value { fields.append((name, value)) }
        }
        add("raining", snapshot.raining)
        add("lightning_nearby", snapshot.lightningNearby)
        add("freezing", snapshot.freezing)
        if let trend = snapshot.pressureTrend {
            add("pressure_trend", text: trend.direction.rawValue.lowercased())
            add("pressure_change_3_hours", (trend.changeMillibars * 1_000).rounded() / 1_000)
        }
        add("rain_last_24_hours", snapshot.rainLast24HoursMillimeters)
        add("sunshine_minutes_today", snapshot.sunshineMinutesToday.map(Double.init))
        add("daylight_minutes_today", snapshot.daylightMinutesToday.map { $0.rounded() })
        add("observation_last_time", text: snapshot.lastObservationAt.map { UTCTime.iso8601(UnixTimestamp(secondsSince1970: $0)) })
        if let growers = snapshot.growers {
            add("reference_evapotranspiration_yesterday", growers.referenceEvapotranspirationYesterdayMillimeters)
            add("growing_degree_days_today", growers.growingDegreeDaysToday)
            add("growing_degree_days_yesterday", growers.growingDegreeDaysYesterday)
            add("chill_hours_today", growers.chillHoursToday)
            add("chill_hours_yesterday", growers.chillHoursYesterday)
            add("sunshine_minutes_yesterday", growers.sunshineMinutesYesterday.map(Double.init))
            add("solar_energy_today", growers.solarEnergyTodayMegajoulesPerSquareMeter)
        }
        if let records = snapshot.records {
            add("rain_this_week", records.rainWeekMillimeters)
            add("rain_this_month", records.rainMonthMillimeters)
            add("rain_this_year", records.rainYearMillimeters)
            for (suffix, extremes) in [("month", records.month), ("year", records.year), ("all_time", records.allTime)] {
                add("air_temperature_max_\(suffix)", extremes.maximumTemperature?.value)
                add("air_temperature_min_\(suffix)", extremes.minimumTemperature?.value)
                add("wind_gust_max_\(suffix)", extremes.maximumGust?.value)
            }
        }
        return fields.map { (layout.retainedValue(serial: serial, field: $0.0), $0.1) }
    }
}
