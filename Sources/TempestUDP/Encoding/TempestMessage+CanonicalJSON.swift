// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON

/// The canonical JSON form of a message: the envelope keys, then every field
/// under the protocol spec's snake_case names in protocol units, `null` where
/// a value is missing. Observation messages carry `obs`, an array of row
/// objects each with its `timestamp`. This is what `tempest-gateway decode`
/// prints and what JSON event topics carry.
extension TempestMessage {
    /// The canonical JSON object for this message, on one line.
    ///
    /// - Parameter appendToRow: called inside each `obs` row object after the
    ///   row's own members, to add more (for example a `derived` object).
    public func canonicalJSON(appendToRow: (ObservationRow, inout JSONWriter) -> Void = { _, _ in }) -> String {
        var json = JSONWriter()
        writeCanonicalJSON(into: &json, appendToRow: appendToRow)
        return json.text
    }

    /// Writes the canonical JSON object into `json`; see `canonicalJSON`.
    ///
    /// - Parameters:
    ///   - appendToRow: adds members to each `obs` row object.
    ///   - appendToMessage: adds members at the end of the message object.
    public func writeCanonicalJSON(
        into json: inout JSONWriter,
        appendToRow: (ObservationRow, inout JSONWriter) -> Void = { _, _ in },
        appendToMessage: (inout JSONWriter) -> Void = { _ in }
    ) {
        json.beginObject()
        json.member("type", type.rawValue)
        let envelope = self.envelope
        json.member("serial_number", envelope.serialNumber.rawValue)
        if let hub = envelope.hubSerialNumber { json.member("hub_sn", hub.rawValue) }
        switch envelope.firmwareRevision {
        case .number(let revision): json.member("firmware_revision", revision)
        case .text(let revision): json.member("firmware_revision", revision)
        case nil: break
        }
        switch self {
        case .rainStart(let event):
            json.member("timestamp", event.timestamp.secondsSince1970)
        case .lightningStrike(let event):
            json.member("timestamp", event.timestamp.secondsSince1970)
            json.member("distance", event.distanceKilometers)
            json.member("energy", event.energy)
        case .rapidWind(let sample):
            json.member("timestamp", sample.timestamp.secondsSince1970)
            json.member("wind_speed", sample.windSpeedMetersPerSecond)
            json.member("wind_direction", sample.windDirectionDegrees)
        case .tempestObservation(let observation):
            writeRows(observation.rows.map(ObservationRow.tempest), into: &json, appendToRow: appendToRow)
        case .airObservation(let observation):
            writeRows(observation.rows.map(ObservationRow.air), into: &json, appendToRow: appendToRow)
        case .skyObservation(let observation):
            writeRows(observation.rows.map(ObservationRow.sky), into: &json, appendToRow: appendToRow)
        case .deviceStatus(let status):
            json.member("timestamp", status.timestamp.secondsSince1970)
            json.member("uptime", status.uptimeSeconds)
            json.member("voltage", status.voltageVolts)
            json.member("rssi", status.rssiDecibels)
            json.member("hub_rssi", status.hubRSSIDecibels)
            json.member("sensor_status", status.sensorStatus.map { Int64($0.rawValue) })
            json.member("debug", status.debugMode)
        case .hubStatus(let status):
            json.member("timestamp", status.timestamp.secondsSince1970)
            json.member("uptime", status.uptimeSeconds)
            json.member("rssi", status.rssiDecibels)
            json.member("reset_flags", status.resetFlagsText)
            json.member("seq", status.sequenceNumber)
            writeIntegerArray("fs", status.fileSystemStats, into: &json)
            writeIntegerArray("radio_stats", status.radioStats?.rawValues, into: &json)
            writeIntegerArray("mqtt_stats", status.mqttStats, into: &json)
        }
        appendToMessage(&json)
        json.endObject()
    }

    private func writeRows(
        _ rows: [ObservationRow],
        into json: inout JSONWriter,
        appendToRow: (ObservationRow, inout JSONWriter) -> Void
    ) {
        json.key("obs")
        json.beginArray()
        for row in rows {
            json.beginObject()
            row.writeCanonicalMembers(into: &json)
            appendToRow(row, &json)
            json.endObject()
        }
        json.endArray()
    }

    private func writeIntegerArray(_ name: String, _ values: [Int64?]?, into json: inout JSONWriter) {
        json.key(name)
        guard let values else {
            json.value(nil as Int64?)
            return
        }
        json.beginArray()
        for value in values { json.value(value) }
        json.endArray()
    }
}

extension ObservationRow {
    /// Writes the row's members (not the enclosing braces) in wire order.
    public func writeCanonicalMembers(into json: inout JSONWriter) {
        switch self {
        case .tempest(let row):
            json.member("timestamp", row.timestamp.secondsSince1970)
            json.member("wind_lull", row.windLullMetersPerSecond)
            json.member("wind_avg", row.windAverageMetersPerSecond)
            json.member("wind_gust", row.windGustMetersPerSecond)
            json.member("wind_direction", row.windDirectionDegrees)
            json.member("wind_sample_interval", row.windSampleIntervalSeconds)
            json.member("station_pressure", row.stationPressureMillibars)
            json.member("air_temperature", row.airTemperatureCelsius)
            json.member("relative_humidity", row.relativeHumidityPercent)
            json.member("illuminance", row.illuminanceLux)
            json.member("uv", row.uvIndex)
            json.member("solar_radiation", row.solarRadiationWattsPerSquareMeter)
            json.member("rain_accumulated", row.rainAccumulatedMillimeters)
            json.member("precipitation_type", row.precipitationType?.code)
            json.member("lightning_strike_avg_distance", row.lightningStrikeAverageDistanceKilometers)
            json.member("lightning_strike_count", row.lightningStrikeCount)
            json.member("battery", row.batteryVolts)
            json.member("report_interval", row.reportIntervalMinutes)
            if let value = row.localDayRainAccumulationMillimeters { json.member("local_day_rain_accumulation", value) }
            if let value = row.nearCastRainAccumulationMillimeters { json.member("nc_rain_accumulation", value) }
            if let value = row.localDayNearCastRainAccumulationMillimeters {
                json.member("local_day_nc_rain_accumulation", value)
            }
            if let value = row.precipitationAnalysisType { json.member("precipitation_analysis_type", value) }
        case .air(let row):
            json.member("timestamp", row.timestamp.secondsSince1970)
            json.member("station_pressure", row.stationPressureMillibars)
            json.member("air_temperature", row.airTemperatureCelsius)
            json.member("relative_humidity", row.relativeHumidityPercent)
            json.member("lightning_strike_count", row.lightningStrikeCount)
            json.member("lightning_strike_avg_distance", row.lightningStrikeAverageDistanceKilometers)
            json.member("battery", row.batteryVolts)
            json.member("report_interval", row.reportIntervalMinutes)
        case .sky(let row):
            json.member("timestamp", row.timestamp.secondsSince1970)
            json.member("illuminance", row.illuminanceLux)
            json.member("uv", row.uvIndex)
            json.member("rain_accumulated", row.rainAccumulatedMillimeters)
            json.member("wind_lull", row.windLullMetersPerSecond)
            json.member("wind_avg", row.windAverageMetersPerSecond)
            json.member("wind_gust", row.windGustMetersPerSecond)
            json.member("wind_direction", row.windDirectionDegrees)
            json.member("battery", row.batteryVolts)
            json.member("report_interval", row.reportIntervalMinutes)
            json.member("solar_radiation", row.solarRadiationWattsPerSquareMeter)
            json.member("local_day_rain_accumulation", row.localDayRainAccumulationMillimeters)
            json.member("precipitation_type", row.precipitationType?.code)
            json.member("wind_sample_interval", row.windSampleIntervalSeconds)
            if let value = row.nearCastRainAccumulationMillimeters { json.member("nc_rain_accumulation", value) }
            if let value = row.localDayNearCastRainAccumulationMillimeters {
                json.member("local_day_nc_rain_accumulation", value)
            }
            if let value = row.precipitationAnalysisType { json.member("precipitation_analysis_type", value) }
        }
    }
}
