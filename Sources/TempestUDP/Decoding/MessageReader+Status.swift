// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// `device_status` and `hub_status`: named top-level keys.
extension MessageReader {
    mutating func readDeviceStatus(_ envelope: consuming MessageEnvelope) throws(DecodeError) -> DeviceStatus {
        var status = DeviceStatus(envelope: envelope, timestamp: try readTimestamp(at: keys[.timestamp], field: "timestamp"))
        status.uptimeSeconds = try readUnsigned32(at: keys[.uptime], field: "uptime").map(Int64.init)
        status.voltageVolts = try readMeasurement(at: keys[.voltage], field: "voltage", bounds: RangePolicy.batteryVolts)
        status.rssiDecibels = try readMeasuredInteger(at: keys[.rssi], field: "rssi", bounds: RangePolicy.unbounded)
        status.hubRSSIDecibels = try readMeasuredInteger(at: keys[.hubRSSI], field: "hub_rssi", bounds: RangePolicy.unbounded)
        status.sensorStatus = try readUnsigned32(at: keys[.sensorStatus], field: "sensor_status").map(SensorStatus.init)
        status.debugMode = try readMeasuredInteger(at: keys[.debug], field: "debug", bounds: RangePolicy.unbounded)
        return status
    }

    mutating func readHubStatus(_ envelope: consuming MessageEnvelope) throws(DecodeError) -> HubStatus {
        var status = HubStatus(envelope: envelope, timestamp: try readTimestamp(at: keys[.timestamp], field: "timestamp"))
        status.uptimeSeconds = try readUnsigned32(at: keys[.uptime], field: "uptime").map(Int64.init)
        status.rssiDecibels = try readMeasuredInteger(at: keys[.rssi], field: "rssi", bounds: RangePolicy.unbounded)
        status.sequenceNumber = try readUnsigned32(at: keys[.seq], field: "seq").map(Int64.init)
        if keys[.resetFlags] >= 0 && json[keys[.resetFlags]].kind == .string {
            status.resetFlagsText = json.decodedString(at: keys[.resetFlags])
        }
        if keys[.radioStats] >= 0 && json[keys[.radioStats]].kind != .null {
            let radio = try readPositionalArray(at: keys[.radioStats], key: "radio_stats", minimum: 4, cap: 16)
            status.radioStats = RadioStats(rawValues: try readIntegers(radio, field: "radio_stats"))
        }
        // `fs` and `mqtt_stats` are WeatherFlow internals: passed through when
        // they are flat numeric arrays, dropped (not rejected) otherwise.
        status.fileSystemStats = passThroughIntegers(at: keys[.fs])
        status.mqttStats = passThroughIntegers(at: keys[.mqttStats])
        return status
    }

    private mutating func readIntegers(_ array: PositionalArray, field: String) throws(DecodeError) -> [Int64?] {
        var values = [Int64?]()
        values.reserveCapacity(array.count)
        for position in 0..<array.count {
            values.append(try readMeasuredInteger(at: array.slot(position), field: field, bounds: RangePolicy.unbounded))
        }
        return values
    }

    private func passThroughIntegers(at index: Int) -> [Int64?]? {
        guard index >= 0, json[index].kind == .array, json[index].length <= 16,
            Int(json[index].next) - index - 1 == Int(json[index].length)
        else { return nil }
        var values = [Int64?]()
        values.reserveCapacity(Int(json[index].length))
        var element = index + 1
        while element < Int(json[index].next) {
            switch json[element].kind {
            case .number: values.append(MessageReader.exactInteger(json[element].number))
            case .null: values.append(nil)
            default: return nil
            }
            element += 1
        }
        return values
    }
}
