// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import GatewayCore
import JSON
import TempestCloud

/// A station of the WeatherFlow account in sentences, labels before values.
enum StationFormat {
    /// The station's line, then one line per device.
    static func lines(_ station: Station, number: Int? = nil) -> [String] {
        var line = (number.map { "\($0). " } ?? "") + "Station \(station.id): \(station.name ?? "unnamed")"
        if let elevation = station.elevationMeters { line += ", elevation \(JSONWriter.format((elevation * 10).rounded() / 10)) metres" }
        if let zone = station.timeZoneIdentifier { line += ", time zone \(zone)" }
        if let latitude = station.latitudeDegrees, let longitude = station.longitudeDegrees {
            line += ", latitude \(latitude), longitude \(longitude)"
        }
        var lines = [line]
        for device in station.devices {
            var deviceLine = "  \(device.isHub ? "Hub" : "Device") \(device.serialNumber?.rawValue ?? "without serial"), cloud device id \(device.id)"
            if let height = device.sensorHeightAboveGroundMeters, !device.isHub {
                deviceLine += ", sensor height \(JSONWriter.format(height)) metres above ground"
            }
            lines.append(deviceLine)
        }
        return lines
    }
}
