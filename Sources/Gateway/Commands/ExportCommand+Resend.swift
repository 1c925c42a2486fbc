// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ArgumentParser
import Glibc
import GatewayCore
import HTTP
import JSON
import Logging
import Meteorology
import Pipeline
import TempestUDP
import TimeSeriesExport

extension ExportCommand {
    /// Sends what the database holds from `since` until now to the
    /// `number`th `[[export]]` table's database, a day at a time, oldest first.
    func resend(since: TimeArgument, toExport number: Int) async throws {
        let settings = try configOptions.configuration()
        guard settings.exports.indices.contains(number - 1) else {
            throw ValidationError(
                "--to \(number): the configuration (\(configOptions.path)) has "
                    + (settings.exports.isEmpty ? "no [[export]] table" : Plural.count(settings.exports.count, "[[export]] table") + ", numbered from 1"))
        }
        let export = settings.exports[number - 1]
        let zone = try StationZoneOptions.zone(named: zoneOptions.timezone ?? settings.station.timeZone)
        let start = zoneOptions.instant(since, zone: zone)
        let end = Int64(time(nil)) + 1
        guard start < end else { throw ValidationError("--since must be in the past") }
        let store = try StoreAccess.openReadOnly(databaseOptions.path(configuredIn: settings))
        let correction = try raw ? ObservationCorrection.none : ObservationCorrection(stations: settings.stations, store: store)
        let destination = try GatewayRun.makeExportDestination(
            export, number: number, settings: settings, zones: StationZones(settings.stations, first: zone),
            corrector: ObservationCorrector(correction), logger: Logger(label: "tempest.export"))
        var dayStart = start
        do {
            while dayStart < end {
                let dayEnd = min(end, dayStart + 86_400)
                try await destination.deliverStored(dayStart..<dayEnd, from: store)
                dayStart = dayEnd
            }
        } catch {
            throw ExportResendError(number: number, sentPoints: destination.sentPointCount, reachedSeconds: dayStart, reason: "\(error)")
        }
        let url = RedactedURL.redact(export.url)
        if json {
            var writer = JSONWriter()
            writer.beginObject()
            writer.member("export", Int64(number))
            writer.member("url", url)
            writer.member("from", UTCTime.iso8601(UnixTimestamp(secondsSince1970: start)))
            writer.member("to", UTCTime.iso8601(UnixTimestamp(secondsSince1970: end)))
            writer.member("points_sent", Int64(destination.sentPointCount))
            writer.member("points_skipped", Int64(destination.skippedPointCount))
            writer.endObject()
            StandardOutput.line(writer.text)
        } else {
            StandardOutput.line(
                "Sent \(Plural.count(destination.sentPointCount, "point")) to export \(number) (\(url)), "
                    + "stored from \(UTCTime.iso8601(UnixTimestamp(secondsSince1970: start))) until now; "
                    + "refused by the database and skipped: \(destination.skippedPointCount).")
        }
    }
}

/// A re-send that stopped: how far it got, and why.
struct ExportResendError: Error, CustomStringConvertible {
    let number: Int
    let sentPoints: Int
    let reachedSeconds: Int64
    let reason: String

    var description: String {
        "export \(number): \(reason); \(Plural.count(sentPoints, "point")) were sent, up to "
            + "\(UTCTime.iso8601(UnixTimestamp(secondsSince1970: reachedSeconds))): run the command again with --since that time"
    }
}
