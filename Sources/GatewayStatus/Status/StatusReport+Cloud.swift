// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON
import Pipeline

extension StatusReport {
    /// The cloud follower in sentences: the stations followed, per device
    /// (Tempest, AIR, SKY) whether REST stands in for UDP and since when,
    /// rows taken from REST and filled into gaps, and each station's
    /// RainCheck rain.
    public func cloudText(now: Int64) -> String {
        guard let cloud else {
            return "WeatherFlow cloud: off (no token; the REST fallback and backfill need one)."
        }
        let several = cloud.stations.count > 1
        var parts = [
            several
                ? "WeatherFlow cloud: stations " + cloud.stations.map { "\($0.stationID) (\($0.name ?? "unnamed"))" }.joined(separator: ", ") + "."
                : "WeatherFlow cloud: station \(cloud.stationID.map(String.init) ?? "not found yet")."
        ]
        for (serial, device) in cloud.devices.sorted(by: { $0.key < $1.key }) {
            let mode = device.pollingREST
                ? "UDP quiet, polling REST for \(Plural.count(now - (device.pollingSince ?? now), "second"))"
                : "UDP live, REST idle"
            let name = several ? "\(serial) of station \(device.stationID)" : serial
            parts.append(
                "Device \(name): \(mode); rows from REST \(device.restRows); rows filled into gaps \(device.backfilledRows).")
        }
        for station in cloud.stations {
            guard let today = station.rainTodayRainCheckMillimeters else { continue }
            parts.append(
                "Rain today after RainCheck\(several ? " at station \(station.stationID)" : ""), from the cloud: \(JSONWriter.format(today)) millimetres"
                    + (station.rainYesterdayRainCheckMillimeters.map { "; yesterday \(JSONWriter.format($0)) millimetres." } ?? "."))
        }
        if let error = cloud.lastError {
            parts.append("Last cloud error, \(Plural.count(now - (cloud.lastErrorAt ?? now), "second")) ago: \(error).")
        }
        return parts.joined(separator: " ")
    }

    /// The cloud follower as a JSON object (`"state": "off"` without a token).
    public func writeCloud(into json: inout JSONWriter, now: Int64) {
        json.beginObject()
        guard let cloud else {
            json.member("state", "off")
            json.endObject()
            return
        }
        json.member("state", "on")
        json.member("station_id", cloud.stationID.map(Int64.init))
        json.key("devices")
        json.beginObject()
        for (serial, device) in cloud.devices.sorted(by: { $0.key < $1.key }) {
            json.key(serial)
            json.beginObject()
            json.member("device_id", Int64(device.deviceID))
            json.member("station_id", Int64(device.stationID))
            json.member("mode", device.pollingREST ? "rest" : "udp")
            json.member("rest_polling_seconds", device.pollingSince.map { now - $0 })
            json.member("rest_rows", Int64(device.restRows))
            json.member("backfilled_rows", Int64(device.backfilledRows))
            json.member("last_gap_check_age_seconds", device.lastGapCheckAt.map { now - $0 })
            json.endObject()
        }
        json.endObject()
        json.member("rain_today_raincheck_mm", cloud.rainTodayRainCheckMillimeters)
        json.member("rain_yesterday_raincheck_mm", cloud.rainYesterdayRainCheckMillimeters)
        json.member("raincheck_age_seconds", cloud.rainCheckAt.map { now - $0 })
        json.key("stations")
        json.beginArray()
        for station in cloud.stations {
            json.beginObject()
            json.member("station_id", Int64(station.stationID))
            json.member("name", station.name)
            json.member("rain_today_raincheck_mm", station.rainTodayRainCheckMillimeters)
            json.member("rain_yesterday_raincheck_mm", station.rainYesterdayRainCheckMillimeters)
            json.member("raincheck_age_seconds", station.rainCheckAt.map { now - $0 })
            json.endObject()
        }
        json.endArray()
        json.member("last_error", cloud.lastError)
        json.member("last_error_age_seconds", cloud.lastErrorAt.map { now - $0 })
        json.endObject()
    }
}
