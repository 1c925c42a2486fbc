// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology
import Pipeline
import Storage

/// What the Now page and the live event show, read from the store at one
/// instant: per station device (hubs are on Health), every current value
/// with its unit, its time and its stale threshold, today's totals, highs
/// and lows, the pressure trend and the lightning of the last 3 hours.
struct NowSnapshot: Sendable {
    /// When it was read, Unix seconds.
    var now: Int64
    /// The station devices, the one heard most recently first.
    var devices: [NowDevice]

    /// How far back the lightning list goes, seconds.
    static let lightningWindowSeconds: Int64 = 3 * 3_600

    /// Reads the snapshot at `now`, observations corrected by `correction`.
    static func load(
        from store: Store, now: Int64, zones: StationZones, units: WebUnits, correction: ObservationCorrection = .none
    ) throws -> NowSnapshot {
        let newest = try store.newestObservationPerDevice().map(correction.corrected).sorted { ($0.timestamp, $1.serial) > ($1.timestamp, $0.serial) }
        var devices = [NowDevice]()
        for (index, record) in newest.enumerated() {
            let prefix = index == 0 ? "" : record.serial + ":"
            devices.append(
                try device(
                    record, prefix: prefix, store: store, now: now, timeZone: zones.zone(of: record.serial), units: units, correction: correction))
        }
        return NowSnapshot(now: now, devices: devices)
    }

    /// One device's values from its newest observation, today's summary,
    /// the last 3 hours of pressure and its strikes.
    static func device(
        _ raw: ObservationRecord, prefix: String, store: Store, now: Int64, timeZone: TimeZoneRules, units: WebUnits,
        correction: ObservationCorrection = .none
    ) throws -> NowDevice {
        // A value the quality checks judged bad is shown as unknown with its reason, and nothing is derived from it.
        let verdicts = try store.verdicts(serial: raw.serial, from: raw.timestamp, to: raw.timestamp)
        let record = BadValues(verdicts).removing(from: raw)
        var unknown = [String: String]()
        for verdict in verdicts where verdict.verdict == QualityVerdict.bad.rawValue { unknown[verdict.field] = verdict.reason }
        let derived = DerivedObservation(DerivedObservation.Inputs(record))
        let stale = StaleRule.thresholdSeconds(powerSaveMode: derived.powerSaveMode, reportIntervalMinutes: record.reportIntervalMinutes)
        var items = [NowItem]()
        func add(_ field: String, _ label: String, _ value: ShownValue?, at timestamp: Int64 = record.timestamp, note: String? = nil) {
            guard let value else { return }
            items.append(NowItem(field: prefix + field, label: label, value: value, timestamp: timestamp, staleAfterSeconds: stale, note: note))
        }
        /// "unknown" and the quality checks' reason, for a value judged bad.
        func marked(_ field: String) -> ShownValue? { unknown[field].map { ShownValue(plain: "unknown (quality check: \($0))") } }
        func measured(_ field: String, _ value: Double?) -> ShownValue? { value.map { units.shown(field: field, $0) } ?? marked(field) }
        add("air_temperature", "Air temperature", measured("air_temperature", record.airTemperatureCelsius))
        add("relative_humidity", "Relative humidity", record.relativeHumidityPercent.map {
            ShownValue(number: WebUnits.rounded($0, decimals: 0), symbol: "%", spoken: "percent")
        } ?? marked("relative_humidity"))
        add("dew_point", "Dew point", measured("dew_point", derived.dewPointCelsius))
        add("feels_like", "Feels like", measured("feels_like", derived.feelsLikeCelsius))
        add("wind_average", "Wind average", measured("wind_avg", record.windAverageMetersPerSecond))
        add("wind_gust", "Wind gust", measured("wind_gust", record.windGustMetersPerSecond))
        if let degrees = record.windDirectionDegrees {
            let name = CardinalDirection.name(directionDegrees: Double(degrees), speedMetersPerSecond: record.windAverageMetersPerSecond)
            add("wind_direction", "Wind direction", ShownValue(plain: "from \(degrees) degrees" + (name.map { " (\($0))" } ?? "")))
        }
        add("station_pressure", "Station pressure", measured("station_pressure", record.stationPressureMillibars))
        if record.stationPressureMillibars != nil, let trend = try pressureTrend(record, store: store, correction: correction) {
            let change = units.shown(field: "pressure_change_3_hours", trend.changeMillibars)
            let sign = trend.changeMillibars > 0 && !change.text.hasPrefix("0 ") ? "+" : ""
            add("pressure_trend", "Pressure trend", ShownValue(plain: "\(trend.direction.rawValue), \(sign)\(change.text) in 3 hours"))
        }
        add("illuminance", "Illuminance", record.illuminanceLux.map { ShownValue(number: String($0), symbol: "lux", spoken: nil) })
        add("uv_index", "UV index", record.uvIndex.map {
            ShownValue(plain: WebUnits.rounded($0, decimals: 1) + (derived.uvCategory.map { " (\($0.rawValue))" } ?? ""))
        })
        add("solar_radiation", "Solar radiation", record.solarRadiationWattsPerSquareMeter.map {
            ShownValue(number: String($0), symbol: "W/m²", spoken: "watts per square metre")
        })
        let today = timeZone.localDate(at: now)
        let summary = try store.dailySummary(serial: record.serial, localDate: today.description)
        let measuresRain = record.kind != .air
        let measuresAir = record.kind != .sky
        if measuresRain {
            let updated = summary?.updatedAt ?? record.timestamp
            add("rain_today", "Rain today", units.shown(field: "rain_today", summary?.rainMillimeters ?? 0), at: updated)
        }
        var strikes: [LightningStrikeRecord]?
        if measuresAir {
            add("lightning_strikes_today", "Lightning strikes today", ShownValue(plain: String(summary?.strikeCount ?? 0)),
                at: summary?.updatedAt ?? record.timestamp)
            let recent = try store.lightningStrikes(from: now - lightningWindowSeconds, to: now + 1)
                .filter { $0.serial == record.serial }
            strikes = recent.reversed()
            add("lightning_strikes_last_3_hours", "Lightning strikes in the last 3 hours", ShownValue(plain: String(recent.count)),
                at: record.timestamp)
            if let summary, let high = summary.maximumTemperatureCelsius, let at = summary.maximumTemperatureAt {
                add("high_temperature_today", "High today", units.shown(field: "air_temperature", high), at: summary.updatedAt,
                    note: "at " + WebTime.clock(at, in: timeZone))
            }
            if let summary, let low = summary.minimumTemperatureCelsius, let at = summary.minimumTemperatureAt {
                add("low_temperature_today", "Low today", units.shown(field: "air_temperature", low), at: summary.updatedAt,
                    note: "at " + WebTime.clock(at, in: timeZone))
            }
        }
        add("battery", "Battery", record.batteryVolts.map {
            ShownValue(number: WebUnits.rounded($0, decimals: 2), symbol: "V", spoken: "volts")
        })
        let kind: String = switch record.kind {
        case .tempest: "Tempest"
        case .air: "AIR"
        case .sky: "SKY"
        }
        return NowDevice(serial: record.serial, zone: timeZone, kindName: kind, fieldPrefix: prefix, items: items, recentStrikes: strikes)
    }

    /// The 3-hour trend (spec 9.13, `PressureTrend`) from the samples of the
    /// 3 hours 15 minutes before the newest observation.
    static func pressureTrend(_ record: ObservationRecord, store: Store, correction: ObservationCorrection = .none) throws -> PressureTrend? {
        var samples = [(timestamp: Int64, millibars: Double)]()
        try store.forEachObservation(serial: record.serial, from: record.timestamp - 3 * 3_600 - 15 * 60, to: record.timestamp + 1) {
            if let pressure = correction.corrected($0).stationPressureMillibars { samples.append(($0.timestamp, pressure)) }
        }
        return PressureTrend(samples: samples)
    }
}
