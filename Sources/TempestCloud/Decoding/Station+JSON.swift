// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON
import TempestUDP

extension Station {
    /// Reads one element of `stations`; nil without a `station_id`.
    init?(json: JSONValue) {
        guard let id = json["station_id"]?.intValue else { return nil }
        self.init(
            id: id,
            name: json["name"]?.stringValue,
            publicName: json["public_name"]?.stringValue,
            latitudeDegrees: json["latitude"]?.doubleValue,
            longitudeDegrees: json["longitude"]?.doubleValue,
            timeZoneIdentifier: json["timezone"]?.stringValue,
            timeZoneOffsetMinutes: json["timezone_offset_minutes"]?.intValue,
            elevationMeters: json["station_meta"]?["elevation"]?.doubleValue,
            devices: (json["devices"]?.arrayValue ?? []).compactMap(Device.init(json:)),
            stationItems: (json["station_items"]?.arrayValue ?? []).compactMap { item in
                item["item"]?.stringValue.map { StationItem(item: $0, deviceID: item["device_id"]?.intValue) }
            }
        )
    }
}

extension Device {
    /// Reads one element of `devices`; nil without a `device_id`.
    init?(json: JSONValue) {
        guard let id = json["device_id"]?.intValue else { return nil }
        let meta = json["device_meta"]
        self.init(
            id: id,
            serialNumber: json["serial_number"]?.stringValue.flatMap(SerialNumber.init),
            deviceType: json["device_type"]?.stringValue,
            firmwareRevision: json["firmware_revision"]?.stringValue ?? json["firmware_revision"]?.int64Value.map { String($0) },
            hardwareRevision: json["hardware_revision"]?.stringValue ?? json["hardware_revision"]?.int64Value.map { String($0) },
            sensorHeightAboveGroundMeters: meta?["agl"]?.doubleValue,
            environment: meta?["environment"]?.stringValue,
            name: meta?["name"]?.stringValue
        )
    }
}
