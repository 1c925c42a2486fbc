// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import GatewayStatus
import HTTP
import Logging
import Meteorology
import Pipeline
import Storage
import SystemSupport
import TimeSeriesExport

extension GatewayRun {
    /// How long an export sink gathers commits into one request: at a
    /// station's pace every observation would otherwise cost a request of
    /// its own, with the writes that follow it (the day's summary, a
    /// strike) in another. Points reach the database within this many
    /// seconds of their commit.
    static let exportGatherSeconds = 5.0

    /// The cursor name of the export to `url`: its destination, not its
    /// place in the file, so that reordering the tables moves no position,
    /// while a new URL (a new database) starts afresh. Secrets in the URL's
    /// query are redacted first: the name is stored and shown.
    public static func exportCursorName(url: String) -> String {
        "export " + RedactedURL.redact(url)
    }

    /// The `station` tag of every serial a station lists (`station_id`,
    /// else the station's 1-based place in the file), and the first
    /// station's tag for devices none lists.
    public static func exportStationTags(_ stations: [GatewayConfiguration.Station]) -> (bySerial: [String: String], first: String) {
        var bySerial: [String: String] = [:]
        let tags = stations.enumerated().map { index, station in station.stationID.map(String.init) ?? String(index + 1) }
        for (station, tag) in zip(stations, tags) {
            for serial in station.serials where bySerial[serial] == nil { bySerial[serial] = tag }
        }
        return (bySerial, tags.first ?? "1")
    }

    /// The destination of the `number`th (1-based) `[[export]]` table, its
    /// secrets read now.
    ///
    /// - Throws: `GatewayError.exportUnavailable` naming the key whose
    ///   secret cannot be read, or a user without a password.
    public static func makeExportDestination(
        _ export: GatewayConfiguration.Export, number: Int, settings: GatewayConfiguration, zones: StationZones,
        corrector: ObservationCorrector, logger: Logger
    ) throws -> InfluxExport {
        let label = "export[\(number)]"
        let credentials: InfluxWriteTarget.Credentials
        do {
            if let user = export.user {
                guard let source = export.passwordSource(number: number) else {
                    throw GatewayError.exportUnavailable(
                        keys: "\(label).user", "a user needs a password: give \(label).password_file, $TEMPEST_EXPORT_\(number)_PASSWORD "
                            + "or the systemd credential export-\(number)-password")
                }
                credentials = .basic(user: user, password: try source.load())
            } else if let source = export.tokenSource(number: number) {
                credentials = .token(try source.load())
            } else {
                credentials = .none
            }
        } catch let error as SecretSourceError {
            throw GatewayError.exportUnavailable(keys: export.user == nil ? "\(label).token_file" : "\(label).password_file", "\(error)")
        }
        let tags = exportStationTags(settings.stations)
        return InfluxExport(
            name: "export \(number)", target: InfluxWriteTarget(url: export.url, credentials: credentials),
            points: ExportPoints(stationBySerial: tags.bySerial, defaultStation: tags.first, zones: zones, corrector: corrector),
            batchSize: export.batchSize, sendsRapidWind: export.rapidWind, client: HTTPClient(reusesConnection: true), logger: logger)
    }

    /// The sinks of every enabled `[[export]]` table.
    func makeExports(inbox: StoreInbox, corrector: ObservationCorrector) throws -> [ExportPart] {
        let logger = Logger(label: "tempest.export")
        return try settings.exports.enumerated().compactMap { index, export in
            guard export.enabled else { return nil }
            let destination = try Self.makeExportDestination(export, number: index + 1, settings: settings, zones: zones, corrector: corrector, logger: logger)
            let sink = CursorSink(
                name: "export \(index + 1)", cursorName: Self.exportCursorName(url: export.url), inbox: inbox,
                databasePath: databasePath, destination: destination, batchSize: export.batchSize,
                backfillSeconds: Int64(export.backfillDays) * 86_400, gatherSeconds: Self.exportGatherSeconds, logger: logger)
            return ExportPart(number: index + 1, url: RedactedURL.redact(export.url), sink: sink, destination: destination)
        }
    }
}

/// One `[[export]]` destination of a run: its sink and what it delivers to.
public struct ExportPart: Sendable {
    /// Its 1-based table number.
    public let number: Int
    /// Its write URL, secrets redacted.
    public let url: String
    /// The sink that keeps its position.
    public let sink: CursorSink
    /// The database it writes to.
    public let destination: InfluxExport

    /// Where it stands now.
    public var status: ExportStatus {
        ExportStatus(
            number: number, url: url, sink: sink.status, sentPoints: destination.sentPointCount,
            skippedPoints: destination.skippedPointCount)
    }
}
