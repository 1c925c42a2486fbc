// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON
import TempestUDP

/// Decodes WeatherFlow WebSocket texts into ``LiveMessage``s (spec section 8).
///
/// Tolerant where the cloud is loose (integral values sent as `3.0`, rows
/// with nulls, `evt_precip` with or without `evt`), strict where a wrong
/// value would be stored: a missing timestamp, one outside 1970–2106, or a
/// row shorter than the UDP layout is refused with a ``LiveMessageError``.
/// Observation rows reuse the REST row decoders; of several rows the good
/// ones are kept. Rain that NearCast analysed is kept as NearCast rain,
/// never as the gauge's (`CloudRainRow`). The `summary` object of `obs_st` is ignored: the
/// gateway derives its own figures.
///
/// Serial: `serial_number` when present, else the followed device's for
/// `device_id`; hub: `hub_sn`, else the followed device's; firmware:
/// `firmware_revision`.
public struct LiveDecoder: Sendable {
    /// The followed devices by cloud device id.
    public var devices: [Int: LiveDevice]
    /// The boxes asked for with `geo_strike_listen_start`; empty when
    /// nearby strikes are not followed.
    public var geoBoxes: [GeoBox]

    /// The largest text parsed (a cached observation with its summary is a few KiB).
    public static let maximumBytes = 256 * 1_024
    /// Timestamps past this (2106-02-07, the end of unsigned 32-bit seconds) are refused.
    public static let latestTimestamp: Int64 = 4_294_967_295

    /// Makes one.
    public init(devices: [Int: LiveDevice] = [:], geoBoxes: [GeoBox] = []) {
        self.devices = devices
        self.geoBoxes = geoBoxes
    }

    /// Decodes one text message; `receivedAt` (Unix seconds) dates an
    /// `evt_precip` that carries no time of its own.
    /// - Throws: ``LiveMessageError`` with the reason; never traps.
    public func decode(_ text: String, receivedAt: Int64? = nil) throws(LiveMessageError) -> LiveMessage {
        let json: JSONValue
        do {
            json = try JSONParser(maximumBytes: Self.maximumBytes, maximumDepth: 16).parse(Array(text.utf8))
        } catch {
            throw LiveMessageError(.notJSON, "not JSON: \(error.reason)")
        }
        guard json.objectValue != nil else { throw LiveMessageError(.notAMessage, "not a JSON object") }
        guard let typeValue = json["type"] else { throw LiveMessageError(.notAMessage, "no \"type\"") }
        guard let type = typeValue.stringValue else { throw LiveMessageError(.notAMessage, "\"type\" is not a string") }
        switch type {
        case "connection_opened":
            return .connectionOpened
        case "ack":
            if let id = json["id"]?.stringValue { return .ack(id: id) }
            if let id = json["id"]?.int64Value { return .ack(id: String(id)) }
            throw LiveMessageError(json["id"] == nil ? .missingField : .wrongType, "ack without a string \"id\"")
        case "obs_st", "obs_air", "obs_sky":
            return try observation(json, type: type)
        case "rapid_wind":
            return try rapidWind(json)
        case "evt_precip":
            return try rainStart(json, receivedAt: receivedAt)
        case "evt_strike", "geo_strike", "strike":
            return try strike(json, type: type)
        case "evt_device_online", "evt_device_offline", "evt_station_online", "evt_station_offline":
            return .presence(LivePresence(type: type, id: json["device_id"]?.intValue ?? json["station_id"]?.intValue))
        default:
            return .unknown(type: type)
        }
    }

    // MARK: Device data

    private func observation(_ json: JSONValue, type: String) throws(LiveMessageError) -> LiveMessage {
        let (envelope, deviceID) = try self.envelope(json)
        guard let obs = json["obs"] else { throw LiveMessageError(.missingField, "\(type) without \"obs\"") }
        guard let rows = obs.arrayValue else { throw LiveMessageError(.wrongType, "\(type) \"obs\" is not an array") }
        let message: TempestMessage
        switch type {
        case "obs_st":
            let decoded: [TempestObservation.Row] = try Self.goodRows(rows, type: type)
            message = .tempestObservation(TempestObservation(envelope: envelope, rows: Self.rainKept(decoded)))
        case "obs_air":
            message = .airObservation(AirObservation(envelope: envelope, rows: try Self.goodRows(rows, type: type)))
        default:
            let decoded: [SkyObservation.Row] = try Self.goodRows(rows, type: type)
            message = .skyObservation(SkyObservation(envelope: envelope, rows: Self.rainKept(decoded)))
        }
        let isCache = json["source"]?.stringValue == "cache"
        return .device(LiveDeviceMessage(message: message, deviceID: deviceID, isCacheReplay: isCache))
    }

    /// `rows` with NearCast rain in the NearCast fields (`CloudRainRow`).
    private static func rainKept<Row: CloudRainRow>(_ rows: [Row]) -> [Row] {
        rows.map { row in
            var row = row
            row.moveRainToNearCastWhenAnalysed()
            return row
        }
    }

    /// The rows at least as long as the UDP layout (`Row.minimumValueCount`)
    /// with a timestamp in range; an error when none is.
    private static func goodRows<Row: ObservationRowLayout>(
        _ rows: [JSONValue], type: String
    ) throws(LiveMessageError) -> [Row] {
        let good = rows.compactMap { row -> Row? in
            guard let values = row.arrayValue, values.count >= Row.minimumValueCount, let decoded = Row(restRow: row),
                Self.isPlausible(decoded.timestamp.secondsSince1970)
            else { return nil }
            return decoded
        }
        guard !good.isEmpty else {
            throw LiveMessageError(
                .badValue,
                "\(type) has no usable row (each needs \(Row.minimumValueCount) values and a timestamp in range)")
        }
        return good
    }

    private func rapidWind(_ json: JSONValue) throws(LiveMessageError) -> LiveMessage {
        let (envelope, deviceID) = try self.envelope(json)
        let values = try Self.array(json, "ob", type: "rapid_wind", minimumCount: 3, maximumCount: 3)
        let timestamp = try Self.timestamp(values[0], type: "rapid_wind")
        let wind = RapidWindObservation(
            envelope: envelope, timestamp: timestamp, windSpeedMetersPerSecond: values[1].doubleValue,
            windDirectionDegrees: values[2].doubleValue)
        return .device(LiveDeviceMessage(message: .rapidWind(wind), deviceID: deviceID))
    }

    /// `evt_precip` with `evt: [epoch]`, or (as the docs show it) without:
    /// then dated by its own `timestamp`/`time_epoch` if any, else by
    /// `receivedAt` (the cloud forwards the event as it happens).
    private func rainStart(_ json: JSONValue, receivedAt: Int64?) throws(LiveMessageError) -> LiveMessage {
        let (envelope, deviceID) = try self.envelope(json)
        let timestamp: UnixTimestamp
        if json["evt"] != nil {
            let values = try Self.array(json, "evt", type: "evt_precip", minimumCount: 1, maximumCount: 4)
            timestamp = try Self.timestamp(values[0], type: "evt_precip")
        } else if let value = json["timestamp"] ?? json["time_epoch"] {
            timestamp = try Self.timestamp(value, type: "evt_precip")
        } else if let receivedAt, Self.isPlausible(receivedAt) {
            timestamp = UnixTimestamp(secondsSince1970: receivedAt)
        } else {
            throw LiveMessageError(.missingField, "evt_precip without \"evt\" or a timestamp")
        }
        let event = RainStartEvent(envelope: envelope, timestamp: timestamp)
        return .device(LiveDeviceMessage(message: .rainStart(event), deviceID: deviceID))
    }

    // MARK: Envelope and values

    /// Serial, hub and firmware, and the device id.
    func envelope(_ json: JSONValue) throws(LiveMessageError) -> (MessageEnvelope, Int) {
        let type = json["type"]?.stringValue ?? "message"
        guard let idValue = json["device_id"] else { throw LiveMessageError(.missingField, "\(type) without \"device_id\"") }
        guard let deviceID = idValue.intValue else {
            throw LiveMessageError(idValue.doubleValue == nil ? .wrongType : .badValue, "\(type) \"device_id\" is not a whole number")
        }
        let known = devices[deviceID]
        let serial: SerialNumber
        if let value = json["serial_number"], !value.isNull {
            guard let text = value.stringValue else { throw LiveMessageError(.wrongType, "\(type) \"serial_number\" is not a string") }
            guard let parsed = SerialNumber(text) else { throw LiveMessageError(.badValue, "\(type) \"serial_number\" is not a serial") }
            serial = parsed
        } else if let known {
            serial = known.serial
        } else {
            throw LiveMessageError(.unknownDevice, "\(type) for device \(deviceID), which is not followed, without \"serial_number\"")
        }
        let hub = json["hub_sn"]?.stringValue.flatMap(SerialNumber.init) ?? known?.hubSerial
        let firmware: FirmwareRevision? =
            json["firmware_revision"]?.int64Value.map(FirmwareRevision.number) ?? json["firmware_revision"]?.stringValue.map(FirmwareRevision.text)
        return (MessageEnvelope(serialNumber: serial, hubSerialNumber: hub, firmwareRevision: firmware), deviceID)
    }

    /// The array `key` with a length in bounds.
    static func array(_ json: JSONValue, _ key: String, type: String, minimumCount: Int, maximumCount: Int) throws(LiveMessageError) -> [JSONValue] {
        guard let value = json[key] else { throw LiveMessageError(.missingField, "\(type) without \"\(key)\"") }
        guard let values = value.arrayValue else { throw LiveMessageError(.wrongType, "\(type) \"\(key)\" is not an array") }
        guard values.count >= minimumCount else {
            throw LiveMessageError(.badValue, "\(type) \"\(key)\" has \(values.count) values, fewer than \(minimumCount)")
        }
        guard values.count <= maximumCount else {
            throw LiveMessageError(.badValue, "\(type) \"\(key)\" has \(values.count) values, more than \(maximumCount)")
        }
        return values
    }

    /// A timestamp in range (whole seconds; `1710383159.0` counts).
    static func timestamp(_ value: JSONValue, type: String) throws(LiveMessageError) -> UnixTimestamp {
        guard value.doubleValue != nil else { throw LiveMessageError(.wrongType, "\(type) timestamp is not a number") }
        guard let seconds = value.int64Value, isPlausible(seconds) else {
            throw LiveMessageError(.badValue, "\(type) timestamp is not a whole number of seconds between 1970 and 2106")
        }
        return UnixTimestamp(secondsSince1970: seconds)
    }

    static func isPlausible(_ seconds: Int64) -> Bool { seconds > 0 && seconds <= latestTimestamp }
}
