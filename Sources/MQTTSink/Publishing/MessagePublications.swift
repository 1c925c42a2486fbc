// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON
import Meteorology
import Pipeline
import Storage
import TempestUDP

/// What one received message publishes: JSON events, which go through the
/// SQLite outbox so none is lost while the broker is away, and bare retained
/// values, which are the latest state and are republished in full after
/// every reconnect (so they need no queue).
///
/// What changes every few seconds is published once, as its event, unless
/// `highRateValues` (`mqtt.high_rate_values`) asks for plain values too:
/// rapid wind's `wind_speed` and `wind_direction` (every 3 s), the hub's
/// `rssi` (every 10 s), and every status report's `uptime` and `seq`
/// (`last_restart` says what uptime says, and changes only with a restart).
/// Those values were more than half of a day's messages; Home Assistant's
/// entities for them read the events (`HomeAssistantEntity.EventSource`).
/// Without `highRateValues` their topics get an empty retained message
/// instead (sent once, like any unchanged value), which removes what an
/// earlier version or setting left on the broker: a `wind_speed` kept
/// there would otherwise read as today's wind for ever.
public struct MessagePublications {
    /// Outbox entries (JSON event topics).
    public var events: [OutboxMessage] = []
    /// Retained latest values: topic and payload text.
    public var values: [(topic: RetainedTopic, payload: String)] = []

    /// The publications for `message`.
    public init(
        _ admitted: RapidWindThrottle.Admitted, layout: TopicLayout, source: String, receivedAt: Int64,
        site: DerivedObservation.Site?, totals: CurrentTotals?, qos: Int, units: PublishedUnits = .metric,
        compatibility: WeatherFlow2MQTTCompatibility? = nil, snapshot: StationSnapshot? = nil, highRateValues: Bool = false,
        unknownValues: [String: QualityReason] = [:]
    ) {
        let message = admitted.message
        let serial = message.envelope.serialNumber.rawValue
        var json = JSONWriter()
        message.writeCanonicalJSON(
            into: &json,
            appendToRow: { row, json in
                json.key("derived")
                json.beginObject()
                DerivedObservation(DerivedObservation.Inputs(row), site: site).writeJSONMembers(into: &json)
                json.endObject()
            },
            appendToMessage: { json in
                if let gust = admitted.windowGustMetersPerSecond {
                    json.member("wind_gust", gust)
                    json.member("window_seconds", admitted.windowSeconds)
                }
                // The WeatherFlow cloud's word on a strike, when it gave one (additive).
                if case .lightningStrike(let strike) = message, let mark = strike.cloudMark {
                    json.member("cloud_mark", mark.name)
                }
                // The values the quality checks made unknown, and why (docs/data.md).
                if !unknownValues.isEmpty {
                    json.key("quality")
                    MessagePublications.writeQuality(unknownValues, into: &json)
                }
                json.member("source", source)
                json.member("received_at", receivedAt)
            })
        let kind: String
        let priority: OutboxMessage.Priority
        switch message {
        case .tempestObservation, .airObservation, .skyObservation:
            (kind, priority) = ("observation", .observation)
        case .rapidWind: (kind, priority) = ("rapid_wind", .rapidWind)
        case .lightningStrike: (kind, priority) = ("lightning_strike", .event)
        case .rainStart: (kind, priority) = ("rain_start", .event)
        case .deviceStatus: (kind, priority) = ("device_status", .state)
        case .hubStatus: (kind, priority) = ("hub_status", .state)
        }
        events.append(
            OutboxMessage(
                topic: layout.event(serial: serial, kind: kind), payload: Array(json.text.utf8), qos: qos, retain: false,
                priority: priority, createdAt: receivedAt))
        // WeatherFlow2MQTT's states go through the outbox too (not retained, as it did).
        for state in compatibility?.states(for: message, site: site, totals: totals, snapshot: snapshot) ?? [] {
            events.append(
                OutboxMessage(
                    topic: WeatherFlow2MQTTCompatibility.stateTopic(serial: serial, event: state.event, leaf: state.leaf),
                    payload: Array(state.payload.utf8), qos: qos, retain: false, priority: priority, createdAt: receivedAt))
        }
        values = MessagePublications.values(
            for: message, layout: layout, site: site, totals: totals, units: units, highRateValues: highRateValues,
            unknownValues: unknownValues)
        if let snapshot { values += MessagePublications.values(of: snapshot, serial: serial, layout: layout, units: units) }
        if let gust = admitted.windowGustMetersPerSecond {
            let text = highRateValues ? units.text(field: "rapid_wind_gust", gust) : ""
            values.append((layout.retainedValue(serial: serial, field: "rapid_wind_gust"), text))
        }
    }

    /// The bare values: each canonical field (the newest row of an
    /// observation), chosen derived values, and today's totals; what changes
    /// every few seconds only with `highRateValues`.
    public static func values(
        for message: TempestMessage, layout: TopicLayout, site: DerivedObservation.Site?, totals: CurrentTotals?,
        units: PublishedUnits = .metric, highRateValues: Bool = false, unknownValues: [String: QualityReason] = [:]
    ) -> [(topic: RetainedTopic, payload: String)] {
        let serial = message.envelope.serialNumber.rawValue
        var fields = [(String, String)]()
        func add(_ name: String, _ value: Double?) {
            if let value { fields.append((name, units.text(field: name, value))) }
        }
        func add(_ name: String, _ value: Int64?) {
            if let value { fields.append((name, String(value))) }
        }
        func add(_ name: String, _ value: String?) {
            if let value { fields.append((name, value)) }
        }
        /// A high-rate value: published, or its topic cleared.
        func addHighRate(_ name: String, _ value: Double?) {
            if highRateValues { add(name, value) } else { fields.append((name, "")) }
        }
        func addHighRate(_ name: String, _ value: Int64?) {
            if highRateValues { add(name, value) } else { fields.append((name, "")) }
        }
        /// A derived number; with a value the quality checks made unknown, a
        /// missing one is published as unknown (an empty payload) too. Texts
        /// are left out instead: Home Assistant refuses an empty enum state.
        func derive<Value>(_ name: String, _ value: Value?, _ add: (String, Value?) -> Void) {
            if value == nil, !unknownValues.isEmpty { fields.append((name, "")) } else { add(name, value) }
        }
        var newestRow: ObservationRow?
        switch message {
        case .tempestObservation(let observation): newestRow = observation.rows.last.map(ObservationRow.tempest)
        case .airObservation(let observation): newestRow = observation.rows.last.map(ObservationRow.air)
        case .skyObservation(let observation): newestRow = observation.rows.last.map(ObservationRow.sky)
        case .rapidWind(let wind):
            addHighRate("wind_speed", wind.windSpeedMetersPerSecond)
            // Not cleared: the observation publishes the minute's direction there.
            if highRateValues { add("wind_direction", wind.windDirectionDegrees) }
        case .lightningStrike(let strike):
            add("lightning_strike_last_distance", strike.distanceKilometers)
            add("lightning_strike_last_time", UTCTime.iso8601(strike.timestamp))
        case .rainStart(let event):
            add("rain_start_last_time", UTCTime.iso8601(event.timestamp))
        case .deviceStatus(let status):
            add("voltage", status.voltageVolts)
            addHighRate("uptime", status.uptimeSeconds)
            add("last_restart", lastRestart(reportedAt: status.timestamp, uptimeSeconds: status.uptimeSeconds))
            add("rssi", status.rssiDecibels)
            add("hub_rssi", status.hubRSSIDecibels)
            if let sensors = status.sensorStatus {
                add("sensor_status", Int64(sensors.rawValue))
                add("sensor_status_text", SensorStatusWords.phrases(sensorStatus: sensors.rawValue).joined(separator: ", "))
                add("sensor_failure", SensorStatusWords.hasSensorFailure(sensorStatus: sensors.rawValue) ? "ON" : "OFF")
                add("lightning_disturber", sensors.contains(.lightningDisturber) ? "ON" : "OFF")
                add("lightning_noise", sensors.contains(.lightningNoise) ? "ON" : "OFF")
            }
        case .hubStatus(let status):
            add("last_restart", lastRestart(reportedAt: status.timestamp, uptimeSeconds: status.uptimeSeconds))
            add("firmware_revision", status.envelope.firmwareRevision?.description)
            add("reset_flags", status.resetFlagsText)
            addHighRate("uptime", status.uptimeSeconds)
            addHighRate("rssi", status.rssiDecibels)
            addHighRate("seq", status.sequenceNumber)
        }
        if let newestRow {
            // A value the quality checks judged bad: unknown, with its reason on `quality`.
            for name in unknownValues.keys.sorted() { fields.append((name, "")) }
            var quality = JSONWriter()
            MessagePublications.writeQuality(unknownValues, into: &quality)
            fields.append(("quality", quality.text))
            fields.append(("quality_problem", unknownValues.isEmpty ? "OFF" : "ON"))
            for (name, text) in MessagePublications.flatMembers(of: newestRow) {
                if let value = Double(text), PublishedUnits.quantity(of: name) != nil {
                    add(name, value)
                } else {
                    fields.append((name, text))
                }
            }
            let derived = DerivedObservation(DerivedObservation.Inputs(newestRow), site: site)
            derive("dew_point", derived.dewPointCelsius, add)
            derive("feels_like", derived.feelsLikeCelsius, add)
            derive("heat_index", derived.heatIndexCelsius, add)
            derive("wind_chill", derived.windChillCelsius, add)
            derive("sea_level_pressure", derived.seaLevelPressureMillibars, add)
            derive("wet_bulb", derived.wetBulbCelsius, add)
            derive("delta_t", derived.deltaTCelsius, add)
            derive("cloud_base", derived.cloudBaseMeters, add)
            add("dew_point_comfort", derived.dewPointComfort?.rawValue)
            derive("air_density", derived.airDensityKilogramsPerCubicMeter, add)
            derive("rain_rate", derived.rainRate?.millimetersPerHour, add)
            add("rain_intensity", derived.rainIntensity?.publishedText)
            add("cardinal_direction", derived.cardinalDirection)
            derive("beaufort", derived.beaufort.map { Int64($0.force) }, add)
            add("uv_category", derived.uvCategory?.rawValue)
            add("battery_level", derived.batteryLevel?.rawValue)
            add("power_save_mode", derived.powerSaveMode.map(Int64.init))
            if let totals {
                add("rain_today", totals.today.rainMillimeters)
                add("rain_suspect_today", totals.today.suspectRainMillimeters)
                add("rain_yesterday", totals.yesterday.rainMillimeters)
                add("rain_minutes_today", Int64(totals.today.rainMinutes))
                add("lightning_strikes_today", Int64(totals.today.strikeCount))
                add("lightning_strikes_last_hour", Int64(totals.strikesLastHour))
                add("lightning_strikes_last_3_hours", Int64(totals.strikesLastThreeHours))
                add("air_temperature_max_today", totals.today.maximumTemperature?.value)
                add("air_temperature_min_today", totals.today.minimumTemperature?.value)
                add("wind_gust_max_today", totals.today.maximumGust?.metersPerSecond)
            }
        }
        return fields.map { (layout.retainedValue(serial: serial, field: $0.0), $0.1) }
    }

    /// When a device restarted, from a status report: its time minus the
    /// uptime, rounded down to the minute so that a second of jitter between
    /// reports does not make a new value each time (ISO 8601, UTC).
    public static func lastRestart(reportedAt: UnixTimestamp, uptimeSeconds: Int64?) -> String? {
        guard let uptimeSeconds, uptimeSeconds >= 0 else { return nil }
        let seconds = reportedAt.secondsSince1970 - uptimeSeconds
        let minute = seconds >= 0 ? seconds / 60 * 60 : (seconds - 59) / 60 * 60
        return UTCTime.iso8601(UnixTimestamp(secondsSince1970: minute))
    }

    /// The cloud's RainCheck-corrected rain of today and yesterday for a
    /// Tempest, as plain values in the chosen units (missing ones left out).
    public static func rainCheckValues(
        serial: String, todayMillimeters: Double?, yesterdayMillimeters: Double?, layout: TopicLayout, units: PublishedUnits
    ) -> [(topic: RetainedTopic, payload: String)] {
        [("rain_today_raincheck", todayMillimeters), ("rain_yesterday_raincheck", yesterdayMillimeters)].compactMap { field, value in
            value.map { (layout.retainedValue(serial: serial, field: field), units.text(field: field, $0)) }
        }
    }

    /// The values made unknown, as a JSON object of reason codes by value name (`{}` for none).
    static func writeQuality(_ unknownValues: [String: QualityReason], into json: inout JSONWriter) {
        json.beginObject()
        for name in unknownValues.keys.sorted() { json.member(name, unknownValues[name]!.rawValue) }
        json.endObject()
    }

    /// A row's canonical members as (name, text) pairs, missing values left out.
    public static func flatMembers(of row: ObservationRow) -> [(String, String)] {
        var json = JSONWriter()
        json.beginObject()
        row.writeCanonicalMembers(into: &json)
        json.endObject()
        // The canonical writer is the single source of field names; split its
        // flat object back into pairs (values are numbers or null).
        var pairs = [(String, String)]()
        let body = json.text.dropFirst().dropLast()
        for member in body.split(separator: ",") {
            let parts = member.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[1] != "null" else { continue }
            pairs.append((String(parts[0].dropFirst().dropLast()), String(parts[1])))
        }
        return pairs
    }
}
