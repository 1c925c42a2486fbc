// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ArgumentParser
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
            and sensor heights.

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
        let client = try cloudOptions.client(configured: configOptions.configuration().weatherFlow)
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
            for line in StationFormat.lines(station) { StandardOutput.line(line) }
        }
    }
}
