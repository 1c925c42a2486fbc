// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ArgumentParser
import Configuration
import GatewayCore
import JSON
import TempestCloud

/// `tempest-gateway stations`: the account's stations and their devices.
struct StationsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stations",
        abstract: "List the stations of your WeatherFlow account, with their devices.",
        discussion: """
            Asks the WeatherFlow REST API with your personal access token and lists each station's id, \
            name, location, elevation and time zone, and its devices with serial numbers, cloud device ids \
            and sensor heights. Each station says whether the configuration names it (by station_id, or by \
            one of its serials) and as which of the configured stations; `tempest-gateway select ID` \
            switches to one, `select --add ID` adds one.

            Examples:
              tempest-gateway stations --token-file ~/.config/tempest-gateway/token
              TEMPEST_WEATHERFLOW_TOKEN=… tempest-gateway stations --json
            """
    )

    @OptionGroup var cloudOptions: CloudOptions

    @OptionGroup var configOptions: ConfigFileOptions

    @Flag(help: "Print JSON.")
    var json = false

    func run() async throws {
        let configured = try configOptions.configuration()
        let client = try cloudOptions.client(configured: configured.weatherFlow)
        let stations: [Station]
        do {
            stations = try await client.stations()
        } catch {
            StandardOutput.errorLine("error: \(error)")
            throw ExitCode(1)
        }
        if json {
            var writer = JSONWriter()
            writer.beginArray()
            for station in stations {
                writer.beginObject()
                writer.member("station_id", Int64(station.id))
                writer.member("name", station.name)
                writer.member("latitude", station.latitudeDegrees)
                writer.member("longitude", station.longitudeDegrees)
                writer.member("elevation", station.elevationMeters)
                writer.member("timezone", station.timeZoneIdentifier)
                let position = Self.position(of: station, in: configured.stations)
                writer.member("configured", position != nil)
                writer.member("configured_position", position.map(Int64.init))
                writer.key("devices")
                writer.beginArray()
                for device in station.devices {
                    writer.beginObject()
                    writer.member("device_id", Int64(device.id))
                    writer.member("serial_number", device.serialNumber?.rawValue)
                    writer.member("device_type", device.deviceType)
                    writer.member("firmware_revision", device.firmwareRevision)
                    writer.member("sensor_height", device.sensorHeightAboveGroundMeters)
                    writer.endObject()
                }
                writer.endArray()
                writer.endObject()
            }
            writer.endArray()
            StandardOutput.line(writer.text)
            return
        }
        if stations.isEmpty { StandardOutput.line("This token's account has no stations.") }
        for station in stations {
            let lines = StationFormat.lines(station)
            StandardOutput.line(lines[0])
            let configuredLine = Self.position(of: station, in: configured.stations).map {
                "  Configured: yes, as station \($0) of \(configured.stations.count)"
            } ?? "  Configured: no (`tempest-gateway select --add \(station.id)` adds it)"
            StandardOutput.line(configuredLine)
            for line in lines.dropFirst() { StandardOutput.line(line) }
        }
    }

    /// The 1-based place of `station` among the configured stations: by
    /// `station_id`, else by a serial of one of its devices; nil when none names it.
    static func position(of station: Station, in configured: [GatewayConfiguration.Station]) -> Int? {
        let serials = Set(station.devices.compactMap { $0.serialNumber?.rawValue })
        let index = configured.firstIndex { $0.stationID == station.id }
            ?? configured.firstIndex { $0.stationID == nil && !serials.isDisjoint(with: $0.serials) }
        return index.map { $0 + 1 }
    }
}
