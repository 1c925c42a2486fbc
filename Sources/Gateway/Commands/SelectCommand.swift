// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ArgumentParser
import Configuration
import GatewayCore
import TempestCloud

/// `tempest-gateway select STATION`: switches the configured station, or
/// adds one (`--add`).
struct SelectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "select",
        abstract: "Switch the configured WeatherFlow station, or add one.",
        discussion: """
            Fetches the station from your WeatherFlow account and writes its facts into the configuration \
            file: station id, time zone, elevation, the Tempest's height above ground, latitude, \
            longitude and device serials. The gateway uses them for sea-level pressure, the station-local \
            day, the cloud fallback and forecasts; restart it afterwards. Other lines and comments are \
            kept. `tempest-gateway stations` lists the ids and marks the configured ones.

            Without --add, the station replaces the first configured one (the only one of most files). \
            With --add, it becomes one more station: the cloud fallback, backfill and RainCheck then follow \
            every device of every configured station. A file with one [station] table stays as it is \
            until a second station is added; then each station gets a [[station]] table. A station that is \
            already configured has its facts refreshed where it is.

            Examples:
              tempest-gateway select 98765
              tempest-gateway select 55555 --add
              tempest-gateway select 98765 --config ./config.toml --token-file ./token
            """
    )

    @Argument(help: "The station id, as `tempest-gateway stations` lists it.")
    var station: Int

    @Flag(help: "Add the station to those configured instead of replacing the first.")
    var add = false

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
        let before = configured.stations
        let placed = try StationPlacement.written(chosen, into: existingText ?? "", add: add)
        try ConfigurationFile.write(placed.text, to: path)
        let name = "station \(chosen.id), \(chosen.name ?? "unnamed")"
        let count = max(before.count, placed.position)
        if before.contains(where: { $0.stationID == chosen.id }) {
            StandardOutput.line("Refreshed \(name), configured as station \(placed.position) of \(count), in \(path):")
        } else if placed.position > 1 {
            StandardOutput.line("Added \(name), as station \(placed.position) of \(count), in \(path):")
        } else {
            let previous = configured.station.stationID.map { "station \($0)" } ?? "no station"
            StandardOutput.line("Switched from \(previous) to \(name), in \(path):")
        }
        for setting in placed.settings { StandardOutput.line("  \(setting.key) = \(setting.value)") }
        StandardOutput.line("Restart the gateway for it to take effect.")
    }
}
