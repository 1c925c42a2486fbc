// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ArgumentParser
import GatewayCore
import JSON
import Pipeline
import Storage

/// `tempest-gateway export`: stream stored rows as CSV, JSON or JSON lines,
/// or send a range again to an `[[export]]` database (`--to N --since DATE`).
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export stored data as CSV, JSON or JSON lines, or send a range again to a time-series database.",
        discussion: """
            Rows are streamed one at a time, so a year exports in constant memory. Values are in protocol \
            units (metres per second, millibars, degrees Celsius, percent, millimetres, kilometres, volts) \
            under the protocol's field names; missing values are empty in CSV and null in JSON.

            Tables: observations (the default), rapid_wind (raw 3-second samples, kept 7 days by default), \
            lightning_strikes (with the WeatherFlow cloud's mark, when it gave one), rain_starts, nearby_strikes \
            (the cloud's feed of strikes near the station, detected by others), daily_summaries (one row per device and \
            station-local day whose date is within --from and --to, with the growers' figures: docs/data.md).

            Times are ISO 8601 instants (2024-07-13T18:30:00Z) or dates (2024-07-13, a whole station-local day in the --timezone zone).

            With --since, it sends again what the database holds from that time until now to the \
            time-series database of the configuration's Nth [[export]] table (--to N): every observation, \
            strike, rain start and daily summary, as the running gateway sends them. Points keep their own \
            timestamps, so a point sent twice is the same point. The running gateway need not stop.

            Observations and wind are corrected with each station's calibration of their time \
            ([station.calibration]), and an observation's values the quality checks judged bad are left \
            out, as every outlet leaves them out; --raw exports them as the station sent them.

            Examples:
              tempest-gateway export --from 2024-07-01 --to 2024-08-01 --format csv > july.csv
              tempest-gateway export --from 2024-07-13 --to 2024-07-14 --format jsonl --table rapid_wind
              tempest-gateway export --to 1 --since 2024-07-01
            """
    )

    /// Output formats.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case csv, json, jsonl
    }

    /// Exportable tables.
    enum Table: String, ExpressibleByArgument, CaseIterable {
        case observations
        case rapidWind = "rapid_wind"
        case windMinutes = "wind_minutes"
        case lightningStrikes = "lightning_strikes"
        case rainStarts = "rain_starts"
        case nearbyStrikes = "nearby_strikes"
        case dailySummaries = "daily_summaries"
    }

    @OptionGroup var databaseOptions: DatabaseOptions

    @OptionGroup var zoneOptions: StationZoneOptions

    @OptionGroup var configOptions: ConfigFileOptions

    @Option(help: "Start time (inclusive).")
    var from: TimeArgument?

    @Option(help: "End time (exclusive); with --since, the number of the [[export]] table to send to, from 1.")
    var to: ExportEnd?

    @Option(help: "Send what is stored from this time until now again to the [[export]] table --to names.")
    var since: TimeArgument?

    @Flag(help: "With --since: print the outcome as JSON.")
    var json = false

    @Option(help: "csv, json (one array) or jsonl (one object per line).")
    var format: Format = .csv

    @Option(help: "observations, rapid_wind (raw 3-second wind, kept 7 days), wind_minutes (per-minute aggregates, kept for good), lightning_strikes, rain_starts, nearby_strikes or daily_summaries.")
    var table: Table = .observations

    @Option(help: "Only this device serial (default: every device).")
    var device: String?

    @Flag(help: "Export the values as stored, without the stations' calibration.")
    var raw = false

    func validate() throws {
        if since != nil {
            guard case .destination? = to else { throw ValidationError("--since needs --to N, the number of an [[export]] table") }
            guard from == nil else { throw ValidationError("--from writes a file; --since sends to a database: give one of them") }
        } else {
            guard from != nil, case .time? = to else {
                throw ValidationError("give --from and --to times to write a file, or --to N --since DATE to send to a database")
            }
        }
    }

    func run() async throws {
        if let since, case .destination(let number)? = to {
            try await resend(since: since, toExport: number)
            return
        }
        guard let from, case .time(let to)? = to else { return }
        let store = try StoreAccess.openReadOnly(databaseOptions.path)
        let zone = try zoneOptions.zone()
        let start = zoneOptions.instant(from, zone: zone)
        let end = zoneOptions.instant(to, zone: zone)
        guard start < end else { throw ValidationError("--from must be before --to") }
        let correction = try raw ? ObservationCorrection.none : ObservationCorrection(stations: configOptions.preferences().stations, store: store)
        var output = ExportWriter(format: format, header: header)
        switch table {
        case .observations:
            for serial in try StoreAccess.observationSerials(store, only: device) {
                let bad = raw ? BadValues([]) : try store.badValues(serial: serial, from: start, to: end)
                try store.forEachObservation(serial: serial, from: start, to: end) { stored in
                    let record = correction.corrected(bad.removing(from: stored))
                    switch format {
                    case .csv: output.csvLine(ObservationRecordFormat.csvLine(record))
                    case .json, .jsonl:
                        var json = JSONWriter()
                        ObservationRecordFormat.writeJSON(record, into: &json)
                        output.jsonObject(json.text)
                    }
                }
            }
        case .rapidWind:
            for serial in try StoreAccess.observationSerials(store, only: device) {
                try store.forEachRapidWind(serial: serial, from: start, to: end) { stored in
                    let sample = correction.corrected(stored)
                    output.row(
                        format,
                        [
                            ("serial_number", .text(sample.serial)), ("timestamp", .integer(sample.timestamp)),
                            ("wind_speed", .number(sample.speedMetersPerSecond)),
                            ("wind_direction", .integer(Int64(sample.directionDegrees))),
                        ])
                }
            }
        case .windMinutes:
            for serial in try StoreAccess.observationSerials(store, only: device) {
                try store.forEachWindMinute(serial: serial, from: start, to: end) { stored in
                    let minute = correction.corrected(stored)
                    output.row(
                        format,
                        [
                            ("serial_number", .text(minute.serial)), ("minute_start", .integer(minute.minuteStart)),
                            ("mean_speed", .number(minute.meanSpeedMetersPerSecond)), ("gust", .number(minute.gustMetersPerSecond)),
                            ("lull", .number(minute.lullMetersPerSecond)),
                            ("direction", minute.directionDegrees.map { .integer(Int64($0)) } ?? .null),
                            ("samples", .integer(Int64(minute.sampleCount))),
                        ])
                }
            }
        case .lightningStrikes:
            for strike in try store.lightningStrikes(from: start, to: end) where device == nil || strike.serial == device {
                output.row(
                    format,
                    [
                        ("serial_number", .text(strike.serial)), ("timestamp", .integer(strike.timestamp)),
                        ("distance", .integer(Int64(strike.distanceKilometers))), ("energy", .integer(Int64(strike.energy))),
                        ("cloud_mark", strike.cloudMark.map { .text($0.name) } ?? .null),
                    ])
            }
        case .nearbyStrikes:
            // Not a device's: --device does not apply.
            for strike in try store.nearbyStrikes(from: start, to: end) {
                output.row(
                    format,
                    [
                        ("station_id", .integer(Int64(strike.stationID))), ("timestamp", .integer(strike.timestamp)),
                        ("latitude", strike.latitude.map { .number($0) } ?? .null),
                        ("longitude", strike.longitude.map { .number($0) } ?? .null),
                        ("distance", strike.distanceKilometers.map { .integer(Int64($0)) } ?? .null),
                        ("energy", strike.energy.map { .integer(Int64($0)) } ?? .null),
                        ("cloud_mark", strike.cloudMark.map { .text($0.name) } ?? .null),
                    ])
            }
        case .rainStarts:
            for start in try store.rainStarts(from: start, to: end) where device == nil || start.serial == device {
                output.row(format, [("serial_number", .text(start.serial)), ("timestamp", .integer(start.timestamp))])
            }
        case .dailySummaries:
            try exportDailySummaries(store, from: zone.localDate(at: start), to: zone.localDate(at: end - 1), into: &output)
        }
        output.finish()
    }

    private var header: String {
        switch table {
        case .observations: ObservationRecordFormat.csvHeader
        case .rapidWind: "serial_number,timestamp,wind_speed,wind_direction"
        case .windMinutes: "serial_number,minute_start,mean_speed,gust,lull,direction,samples"
        case .lightningStrikes: "serial_number,timestamp,distance,energy,cloud_mark"
        case .nearbyStrikes: "station_id,timestamp,latitude,longitude,distance,energy,cloud_mark"
        case .rainStarts: "serial_number,timestamp"
        case .dailySummaries: Self.dailySummaryColumns.joined(separator: ",")
        }
    }
}

/// Writes export rows as they come: the CSV header or the JSON array's
/// brackets are added around them.
struct ExportWriter {
    /// One exported value.
    enum Value {
        case text(String)
        case integer(Int64)
        case number(Double)
        /// Missing: an empty CSV field, JSON null.
        case null
    }

    let format: ExportCommand.Format
    let header: String
    private var rowsWritten = 0

    init(format: ExportCommand.Format, header: String) {
        self.format = format
        self.header = header
    }

    mutating func csvLine(_ line: String) {
        if rowsWritten == 0 { StandardOutput.line(header) }
        StandardOutput.line(line)
        rowsWritten += 1
    }

    mutating func jsonObject(_ object: String) {
        switch format {
        case .json: StandardOutput.line((rowsWritten == 0 ? "[" : ",") + object)
        default: StandardOutput.line(object)
        }
        rowsWritten += 1
    }

    mutating func row(_ format: ExportCommand.Format, _ fields: [(String, Value)]) {
        if format == .csv {
            csvLine(
                fields.map { _, value in
                    switch value {
                    case .text(let text): text
                    case .integer(let integer): String(integer)
                    case .number(let number): JSONWriter.format(number)
                    case .null: ""
                    }
                }.joined(separator: ","))
            return
        }
        var json = JSONWriter()
        json.beginObject()
        for (name, value) in fields {
            switch value {
            case .text(let text): json.member(name, text)
            case .integer(let integer): json.member(name, integer)
            case .number(let number): json.member(name, number)
            case .null: json.member(name, nil as String?)
            }
        }
        json.endObject()
        jsonObject(json.text)
    }

    /// Closes the output: the header for an empty CSV, the array for JSON.
    mutating func finish() {
        switch format {
        case .csv: if rowsWritten == 0 { StandardOutput.line(header) }
        case .json: StandardOutput.line(rowsWritten == 0 ? "[]" : "]")
        case .jsonl: break
        }
    }
}
