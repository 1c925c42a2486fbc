// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ArgumentParser
import GatewayCore
import JSON
import Pipeline
import Storage

/// `tempest-gateway history`: recent observations as a table.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Show stored observations as a table with units.",
        discussion: """
            Without --from and --to, shows the most recent observations (--limit, default 30). Times are \
            ISO 8601 (2024-07-13T18:30:00Z, or with an offset such as -06:00; without a zone they are read as \
            UTC) or dates (2024-07-13, meaning that whole station-local day in the --timezone zone). --json prints a JSON array of rows \
            with the protocol's field names and units. The table is in --units (default: the configured mqtt.units); \
            JSON stays in the protocol's metric units. Values are corrected with each station's calibration \
            of their time ([station.calibration]), values the quality checks judged bad left out as on MQTT; \
            --raw shows them as the station sent them. --daily shows one \
            row per device and station-local day from the daily summaries instead: rain, the day's low and high, \
            humidity, solar energy, sunshine, the day's reference evapotranspiration ET₀, growing degree days over \
            agronomy.base_temperature_c and chill hours (docs/data.md).

            Examples:
              tempest-gateway history
              tempest-gateway history --units imperial
              tempest-gateway history --device ST-00054321 --from 2024-07-13 --to 2024-07-14 --json
              tempest-gateway history --daily --from 2024-07-01
            """
    )

    @OptionGroup var databaseOptions: DatabaseOptions

    @OptionGroup var zoneOptions: StationZoneOptions

    @Option(help: "The device serial (default: every device with observations).")
    var device: String?

    @Option(help: "Start time (inclusive).")
    var from: TimeArgument?

    @Option(help: "End time (exclusive).")
    var to: TimeArgument?

    @Option(parsing: .unconditional, help: "At most this many rows per device.")
    var limit: Int = 30

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    @Flag(help: "Show the values as stored, without the stations' calibration.")
    var raw = false

    @Flag(help: "One row per device and station-local day, with the growers' figures (ET₀, degree days, chill hours, sunshine).")
    var daily = false

    @OptionGroup var unitOptions: UnitOptions

    func run() throws {
        let store = try StoreAccess.openReadOnly(databaseOptions.path)
        let serials = try StoreAccess.observationSerials(store, only: device)
        let zone = try zoneOptions.zone()
        if daily {
            try printDaily(store: store, serials: serials, zone: zone)
            return
        }
        let settings = try unitOptions.settings()
        let correction = try raw ? ObservationCorrection.none : ObservationCorrection(stations: settings.stations, store: store)
        var rows = [ObservationRecord]()
        for serial in serials {
            if from == nil && to == nil {
                rows += try store.recentObservations(serial: serial, count: limit).sorted { $0.timestamp < $1.timestamp }
            } else {
                let start = from.map { zoneOptions.instant($0, zone: zone) } ?? 0
                let end = to.map { zoneOptions.instant($0, zone: zone) } ?? Int64.max
                rows += try store.observations(serial: serial, from: start, to: end, limit: limit)
            }
        }
        if !raw { rows = try rows.map { correction.corrected(try store.withoutBadValues($0)) } }
        if json {
            var writer = JSONWriter()
            writer.beginArray()
            for row in rows { ObservationRecordFormat.writeJSON(row, into: &writer) }
            writer.endArray()
            StandardOutput.line(writer.text)
            return
        }
        guard !rows.isEmpty else {
            StandardOutput.line("No observations stored in \(databaseOptions.path) for that selection.")
            return
        }
        let units = unitOptions.chosen(settings)
        for line in ObservationRecordFormat.table(rows, units: units) { StandardOutput.line(line) }
    }
}
