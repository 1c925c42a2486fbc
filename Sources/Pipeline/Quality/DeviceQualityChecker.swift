// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import TempestUDP

/// The quality rules for one device (docs/data.md, "Quality checks"): pure
/// and stateful, fed the device's messages in order, as received (raw,
/// before any calibration).
///
/// - out of bounds: the decoder made the value missing (`outOfBounds`) → bad;
/// - impossible step from the last good value → bad;
/// - stuck: the same value for `stuck_hours` while another value changed → suspect;
/// - the device says the sensor failed: with a value that agrees (missing,
///   0 where 0 is implausible, or stuck) → bad, else → suspect;
/// - rain while the haptic sensor is off (mode 3, low battery) → bad;
/// - rain with no rain start in the last `rain_start_window_minutes` and a
///   gust from `suspect_rain_wind_gust_m_s` on → suspect.
public struct DeviceQualityChecker: Sendable {
    /// A value and when it was last good (steps) or first seen (stuck).
    struct Held: Hashable, Sendable {
        var value: Double
        var timestamp: Int64
    }

    /// The fields whose steps are judged, with their threshold.
    static func stepLimit(_ field: String, _ thresholds: QualityThresholds) -> Double? {
        switch field {
        case "air_temperature": thresholds.temperatureStepCelsius
        case "relative_humidity": thresholds.humidityStepPercent
        case "station_pressure": thresholds.pressureStepHectopascals
        default: nil
        }
    }

    /// The fields that may be stuck.
    static let stuckFields = ["air_temperature", "relative_humidity", "station_pressure", "wind_avg"]

    /// The fields each failure bit of `sensor_status` speaks for (spec 4.1).
    static let failureFields: [(flag: SensorStatus, fields: [String])] = [
        (.pressureFailed, ["station_pressure"]),
        (.temperatureFailed, ["air_temperature"]),
        (.humidityFailed, ["relative_humidity"]),
        (.windFailed, ["wind_lull", "wind_avg", "wind_gust", "wind_direction"]),
        (.precipitationFailed, ["rain_accumulated", "precipitation_type"]),
        (.lightUVFailed, ["illuminance", "uv", "solar_radiation"]),
        (.lightningFailed, ["lightning_strike_count", "lightning_strike_avg_distance"]),
    ]

    /// Where an exact 0 agrees with a failure bit: 0 °C, 0 % and 0 hPa are
    /// what a failed sensor reads; calm, no rain, night and no strikes are
    /// ordinary zeros.
    static let zeroAgreesWithFailure: Set<String> = ["air_temperature", "relative_humidity", "station_pressure"]

    /// The thresholds in force.
    public var thresholds: QualityThresholds
    private var lastGood: [String: Held] = [:]
    private var unchangedSince: [String: Held] = [:]
    private var sensorStatus = SensorStatus(rawValue: 0)
    private var lastRainStart: Int64?
    /// The newest row judged: an older one (late, or the cloud's copy) is
    /// judged by the rules that need no history and moves no history.
    private var newestTimestamp: Int64?

    /// A checker with no history.
    public init(thresholds: QualityThresholds) {
        self.thresholds = thresholds
    }

    /// Notes a `device_status`: its failure bits hold until the next one.
    public mutating func note(_ status: DeviceStatus) {
        sensorStatus = status.sensorStatus ?? SensorStatus(rawValue: 0)
    }

    /// Notes an `evt_precip`.
    public mutating func noteRainStart(at timestamp: Int64) {
        lastRainStart = max(lastRainStart ?? timestamp, timestamp)
    }

    /// The findings for one row (good values give none), and the row noted
    /// as history for the next. `outOfBounds` names the values the decoder
    /// discarded.
    public mutating func judge(_ row: QualityRowValues, serial: String, outOfBounds: Set<String> = []) -> [ValueFinding] {
        guard thresholds.enabled else { return [] }
        var found = [String: (verdict: QualityVerdict, reason: QualityReason)]()
        func flag(_ field: String, _ verdict: QualityVerdict, _ reason: QualityReason) {
            if let held = found[field], held.verdict >= verdict { return }
            found[field] = (verdict, reason)
        }
        for field in outOfBounds where row.values[field] == nil { flag(field, .bad, .outOfBounds) }
        let isNewest = newestTimestamp.map { row.timestamp > $0 } ?? true
        let stuck = isNewest ? stuckFields(in: row) : []
        for field in stuck { flag(field, .suspect, .stuck) }
        for (flagBit, fields) in Self.failureFields where sensorStatus.contains(flagBit) {
            for field in fields where row.fieldNames.contains(field) {
                let value = row.values[field]
                let agrees = value == nil || stuck.contains(field) || (value == 0 && Self.zeroAgreesWithFailure.contains(field))
                flag(field, agrees ? .bad : .suspect, agrees ? .sensorFailed : .sensorFailedBitOnly)
            }
        }
        for (field, value) in row.values where isNewest {
            guard let limit = Self.stepLimit(field, thresholds), let last = lastGood[field] else { continue }
            let seconds = row.timestamp - last.timestamp
            guard seconds > 0, seconds <= QualityThresholds.stepWindowSeconds else { continue }
            // The limit is per minute; a longer gap allows as many minutes' worth.
            let allowed = limit * max(1, Double(seconds) / 60)
            if abs(value - last.value) > allowed { flag(field, .bad, .impossibleStep) }
        }
        judgeRain(row, flag: flag)
        guard isNewest else { return Self.findings(found, serial: serial, timestamp: row.timestamp) }
        newestTimestamp = row.timestamp
        for (field, value) in row.values where Self.stepLimit(field, thresholds) != nil && found[field]?.verdict != .bad {
            lastGood[field] = Held(value: value, timestamp: row.timestamp)
        }
        return Self.findings(found, serial: serial, timestamp: row.timestamp)
    }

    /// The findings by field as a list, in field order.
    private static func findings(
        _ found: [String: (verdict: QualityVerdict, reason: QualityReason)], serial: String, timestamp: Int64
    ) -> [ValueFinding] {
        found.keys.sorted().map { field in
            ValueFinding(serial: serial, timestamp: timestamp, field: field, verdict: found[field]!.verdict, reason: found[field]!.reason)
        }
    }

    /// The rain rules: a sensor that is off, rain in strong wind with no rain start.
    private func judgeRain(_ row: QualityRowValues, flag: (String, QualityVerdict, QualityReason) -> Void) {
        guard row.isTempest, row.fieldNames.contains("rain_accumulated") else { return }
        let interval = row.values["wind_sample_interval"].flatMap { Int64(exactly: $0) }
        let mode3 = interval.flatMap(PowerSaveMode.init(windSampleIntervalSeconds:)) == .mode3
        let lowBattery = row.values["battery"].map { $0 <= thresholds.rainSensorOffVolts } ?? false
        if mode3 || lowBattery {
            flag("rain_accumulated", .bad, .rainSensorOff)
            flag("precipitation_type", .bad, .rainSensorOff)
            return
        }
        guard let rain = row.values["rain_accumulated"], rain > 0,
            let gust = row.values["wind_gust"], gust >= thresholds.suspectRainWindGustMetersPerSecond
        else { return }
        let windowSeconds = Int64(thresholds.rainStartWindowMinutes * 60)
        if let start = lastRainStart, start <= row.timestamp, row.timestamp - start <= windowSeconds { return }
        flag("rain_accumulated", .suspect, .rainInStrongWindWithoutRainStart)
    }

    /// The values stuck at this row (and the row noted): unchanged for
    /// `stuck_hours` while another value changed since. Calm wind (0) is
    /// never stuck: it cannot be told from a still night.
    private mutating func stuckFields(in row: QualityRowValues) -> Set<String> {
        for field in Self.stuckFields {
            guard let value = row.values[field] else { continue }
            if let held = unchangedSince[field], held.value == value, held.timestamp <= row.timestamp { continue }
            unchangedSince[field] = Held(value: value, timestamp: row.timestamp)
        }
        let stuckSeconds = Int64(thresholds.stuckHours * 3600)
        var stuck = Set<String>()
        for field in Self.stuckFields {
            guard let held = unchangedSince[field], row.values[field] == held.value,
                row.timestamp - held.timestamp >= stuckSeconds, !(field == "wind_avg" && held.value == 0)
            else { continue }
            let othersChanged = Self.stuckFields.contains { other in
                other != field && (unchangedSince[other].map { $0.timestamp > held.timestamp } ?? false)
            }
            if othersChanged { stuck.insert(field) }
        }
        return stuck
    }
}
