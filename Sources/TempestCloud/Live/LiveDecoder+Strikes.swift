// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON
import TempestUDP

extension LiveDecoder {
    /// A strike: the followed device's own (`evt_strike` with its
    /// `device_id` or a `serial_number`), else a nearby one.
    ///
    /// The format of geo strikes is undocumented, so this is a guess made
    /// tolerant: a `evt_strike`, `geo_strike` or `strike` message that
    /// names no followed device is a nearby strike when it carries a position
    /// (`lat`/`latitude`, `lon`/`lng`/`longitude`) or a box was asked
    /// for. Time, distance and energy come from `evt` like a device strike
    /// or from `timestamp`/`time_epoch`, `distance`/`distance_km` and
    /// `energy`. It is filed under the station whose box holds it (else
    /// the nearest box's, or the only box's); without a distance the one
    /// from that station's position is computed.
    func strike(_ json: JSONValue, type: String) throws(LiveMessageError) -> LiveMessage {
        let deviceID = json["device_id"]?.intValue
        let named = json["serial_number"]?.stringValue != nil || deviceID.map { devices[$0] != nil } == true
        let position = Self.position(json)
        if type == "evt_strike" && (named || (position == nil && geoBoxes.isEmpty)) {
            let (envelope, id) = try self.envelope(json)
            let values = try Self.array(json, "evt", type: type, minimumCount: 3, maximumCount: 4)
            let event = LightningStrikeEvent(
                envelope: envelope, timestamp: try Self.timestamp(values[0], type: type), distanceKilometers: values[1].doubleValue,
                energy: values[2].doubleValue, cloudMark: Self.mark(json, values))
            return .device(LiveDeviceMessage(message: .lightningStrike(event), deviceID: id))
        }
        guard !geoBoxes.isEmpty else { return .unknown(type: type) }
        return .nearbyStrike(try nearbyStrike(json, type: type, position: position))
    }

    private func nearbyStrike(_ json: JSONValue, type: String, position: (latitude: Double, longitude: Double)?) throws(LiveMessageError) -> NearbyStrike {
        var timestampValue = json["timestamp"] ?? json["time_epoch"]
        var distance = (json["distance"] ?? json["distance_km"])?.doubleValue
        var energy = json["energy"]?.doubleValue
        var values: [JSONValue] = []
        if json["evt"] != nil {
            values = try Self.array(json, "evt", type: type, minimumCount: 1, maximumCount: 4)
            timestampValue = values[0]
            if values.count > 1 { distance = values[1].doubleValue }
            if values.count > 2 { energy = values[2].doubleValue }
        }
        guard let timestampValue else { throw LiveMessageError(.missingField, "\(type) without \"evt\" or a timestamp") }
        let timestamp = try Self.timestamp(timestampValue, type: type)
        let box: GeoBox
        if let position {
            box = geoBoxes.first { $0.contains(latitude: position.latitude, longitude: position.longitude) }
                ?? geoBoxes.min { a, b in
                    a.distanceKilometers(latitude: position.latitude, longitude: position.longitude)
                        < b.distanceKilometers(latitude: position.latitude, longitude: position.longitude)
                }!
            distance = distance ?? box.distanceKilometers(latitude: position.latitude, longitude: position.longitude)
        } else {
            box = geoBoxes[0]
        }
        return NearbyStrike(
            timestamp: timestamp, latitude: position?.latitude, longitude: position?.longitude, distanceKilometers: distance,
            energy: energy, stationID: box.stationID, cloudMark: Self.mark(json, values))
    }

    /// A position in range, when the message carries one.
    private static func position(_ json: JSONValue) -> (latitude: Double, longitude: Double)? {
        guard let latitude = (json["lat"] ?? json["latitude"])?.doubleValue,
            let longitude = (json["lon"] ?? json["lng"] ?? json["longitude"])?.doubleValue,
            (-90...90).contains(latitude), (-180...180).contains(longitude)
        else { return nil }
        return (latitude, longitude)
    }

    /// `"source":"enhanced"` → enhanced; else a fourth `evt` value of 1 → confirmed.
    private static func mark(_ json: JSONValue, _ values: [JSONValue]) -> LightningStrikeMark? {
        if json["source"]?.stringValue == "enhanced" { return .enhanced }
        if values.count >= 4, values[3].int64Value == 1 { return .confirmed }
        return nil
    }
}
