// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ArgumentParser
import Configuration
import GatewayCore
import TempestCloud

/// `tempest-gateway select STATION`: switches the configured station.
struct SelectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "select",
        abstract: "Switch the configured WeatherFlow station.",
        discussion: """
            Fetches the station from your WeatherFlow account and writes its facts into the configuration \
            file: station id, time zone, elevation, the Tempest's height above ground, latitude and \
            longitude. The gateway uses them for sea-level pressure, the station-local day, the cloud \
            fallback and forecasts; restart it afterwards. Other lines and comments are kept. \
            `tempest-gateway stations` lists the ids.

            Examples:
              tempest-gateway select 98765
              tempest-gateway select 98765 --config ./config.toml --token-file ./token
            """
    )

    @Argument(help: "The station id, as `tempest-gateway stations` lists it.")
    var station: Int

    @OptionGroup var cloudOptions: CloudOptions

    @OptionGroup var configOptions: ConfigFileOptions

    func run() async throws {
        let path = configOptions.path
        let existingText = try ConfigurationFile.read(path)
        let configured = try configOptions.configuration()
        let client = try cloudOptions.client(configured: configured.weatherFlow)
        let stations: [Station]
        do {
            stations = try await client.stations()
        } catch {
            throw SetupError("\(error)")
        }
        guard let chosen = stations.first(where: { $0.id == station }) else {
            throw SetupError(
                "station \(station) is not in this account; its stations are "
                    + (stations.isEmpty ? "none" : stations.map { "\($0.id) (\($0.name ?? "unnamed"))" }.joined(separator: ", ")))
        }
        var text = existingText ?? ""
        let settings = StationSettings.settings(for: chosen)
        for setting in settings {
            text = try ConfigurationEditor.setting(setting.key, to: setting.value, in: text)
        }
        try ConfigurationFile.write(text, to: path)
        let previous = configured.station.stationID.map { "station \($0)" } ?? "no station"
        StandardOutput.line("Switched from \(previous) to station \(chosen.id), \(chosen.name ?? "unnamed"), in \(path):")
        for setting in settings { StandardOutput.line("  \(setting.key) = \(setting.value)") }
        StandardOutput.line("Restart the gateway for it to take effect.")
    }
}
