// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import GatewayCore
import JSON
import TempestCloud

/// The configuration keys that describe a station, from the WeatherFlow
/// cloud: `setup` and `select` write them, `run` uses them for sea-level
/// pressure (elevation plus sensor height), the station-local day (time
/// zone), the cloud fallback (station id) and forecasts (coordinates).
enum StationSettings {
    /// (key, value as on the command line) pairs for `station`; a fact the
    /// cloud does not know is left out, so the file keeps its own.
    static func settings(for station: Station) -> [(key: String, value: String)] {
        var settings: [(String, String)] = [("station.station_id", String(station.id))]
        if let zone = station.timeZoneIdentifier { settings.append(("station.timezone", zone)) }
        if let elevation = station.elevationMeters { settings.append(("station.elevation", decimal(elevation))) }
        // The Tempest's height above ground; the first outdoor sensor otherwise.
        let sensors = station.devices.filter { !$0.isHub }
        let sensor = sensors.first { $0.serialNumber?.family == .tempest } ?? sensors.first
        if let height = sensor?.sensorHeightAboveGroundMeters { settings.append(("station.sensor_height", decimal(height))) }
        if let latitude = station.latitudeDegrees { settings.append(("station.latitude", decimal(latitude, places: 5))) }
        if let longitude = station.longitudeDegrees { settings.append(("station.longitude", decimal(longitude, places: 5))) }
        let serials = station.devices.compactMap { $0.serialNumber?.rawValue }
        settings.append(("station.serials", serials.joined(separator: ",")))
        return settings
    }

    /// `value` rounded to `places` decimals, as text.
    private static func decimal(_ value: Double, places: Int = 2) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return JSONWriter.format((value * scale).rounded() / scale)
    }
}
