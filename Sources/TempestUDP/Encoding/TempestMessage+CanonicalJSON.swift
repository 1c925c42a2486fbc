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
        case .tempest(let row): row.writeCanonicalMembers(into: &json)
        case .air(let row): row.writeCanonicalMembers(into: &json)
        case .sky(let row): row.writeCanonicalMembers(into: &json)
        }
    }
}

extension ObservationRowLayout {
    /// The timestamp, then every field of the kind's table in index order,
    /// `null` where missing; a REST/WebSocket-only field (past the UDP row)
    /// only when it has a value, so UDP rows keep their shape.
    func writeCanonicalMembers(into json: inout JSONWriter) {
        json.member("timestamp", timestamp.secondsSince1970)
        for field in Self.fields {
            let isCloudOnly = field.index >= Self.minimumValueCount
            switch field.slot {
            case .number(let property):
                let value = self[keyPath: property]
                if value != nil || !isCloudOnly { json.member(field.name, value) }
            case .integer(let property):
                let value = self[keyPath: property]
                if value != nil || !isCloudOnly { json.member(field.name, value) }
            case .precipitationType(let property):
                let value = self[keyPath: property]
                if value != nil || !isCloudOnly { json.member(field.name, value?.code) }
            }
        }
    }
}
