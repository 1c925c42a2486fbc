// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON
import Meteorology
import Pipeline
import Storage

/// `history --daily`: one row per device and station-local day from the
/// daily summaries, with the growers' figures (docs/data.md).
enum DailySummaryFormat {
    /// The day's growing degree days over `baseCelsius`, from its extremes.
    static func degreeDays(_ record: DailySummaryRecord, baseCelsius: Double) -> Double? {
        guard let minimum = record.minimumTemperatureCelsius, let maximum = record.maximumTemperatureCelsius else { return nil }
        return GrowingDegreeDays.degreeDays(minimumCelsius: minimum, maximumCelsius: maximum, baseCelsius: baseCelsius)
    }

    /// The summaries as a table in `units`, degree days over `baseCelsius`.
    static func table(_ records: [DailySummaryRecord], units: PublishedUnits, baseCelsius: Double) -> [String] {
        func symbol(_ field: String, _ protocolUnit: String) -> String {
            units.homeAssistantUnit(field: field, fallback: protocolUnit) ?? protocolUnit
        }
        func text(_ value: Double?, _ field: String = "", decimals: Double = 100) -> String {
            value.map { units.text(field: field, field.isEmpty ? ($0 * decimals).rounded() / decimals : $0) } ?? "-"
        }
        let header = [
            "Date", "Device", "Rain (\(symbol("rain_today", "mm")))", "Low (\(symbol("air_temperature", "°C")))",
            "High (\(symbol("air_temperature", "°C")))", "Humidity (%)", "Solar (MJ/m²)", "Sunshine (min)",
            "ET₀ (\(symbol("reference_evapotranspiration_yesterday", "mm")))", "GDD (°C·d, base \(JSONWriter.format(baseCelsius)))",
            "Chill (h)",
        ]
        let rows = records.map { record -> [String] in
            let growers = record.growers
            let humidity = zip(growers.minimumHumidityPercent, growers.maximumHumidityPercent).map { "\(text($0))–\(text($1))" }
            return [
                record.localDate, record.serial, text(record.rainMillimeters, "rain_today"),
                text(record.minimumTemperatureCelsius, "air_temperature"), text(record.maximumTemperatureCelsius, "air_temperature"),
                humidity ?? "-", text(growers.solarEnergyMegajoulesPerSquareMeter), text(growers.sunshineMinutes.map(Double.init)),
                text(growers.referenceEvapotranspirationMillimeters, "reference_evapotranspiration_yesterday"),
                text(degreeDays(record, baseCelsius: baseCelsius)), text(growers.chillMinutes.map { Double($0) / 60 }),
            ]
        }
        return ObservationRecordFormat.columns(header, rows)
    }

    /// One summary as a JSON object, in metric units.
    static func writeJSON(_ record: DailySummaryRecord, baseCelsius: Double, into writer: inout JSONWriter) {
        let growers = record.growers
        writer.beginObject()
        writer.member("serial", record.serial)
        writer.member("local_date", record.localDate)
        writer.member("rain_mm", record.rainMillimeters)
        writer.member("min_air_temperature_c", record.minimumTemperatureCelsius)
        writer.member("max_air_temperature_c", record.maximumTemperatureCelsius)
        writer.member("max_wind_gust_m_s", record.maximumGustMetersPerSecond)
        writer.member("min_relative_humidity", growers.minimumHumidityPercent)
        writer.member("max_relative_humidity", growers.maximumHumidityPercent)
        writer.member("mean_wind_avg_m_s", growers.meanWindMetersPerSecond)
        writer.member("solar_energy_mj_m2", growers.solarEnergyMegajoulesPerSquareMeter)
        writer.member("sunshine_minutes", growers.sunshineMinutes.map(Int64.init))
        writer.member("et0_mm", growers.referenceEvapotranspirationMillimeters)
        writer.member("growing_degree_days", degreeDays(record, baseCelsius: baseCelsius))
        writer.member("degree_day_base_c", baseCelsius)
        writer.member("chill_hours", growers.chillMinutes.map { Double($0) / 60 })
        writer.endObject()
    }

    private static func zip(_ first: Double?, _ second: Double?) -> (Double, Double)? {
        guard let first, let second else { return nil }
        return (first, second)
    }
}
