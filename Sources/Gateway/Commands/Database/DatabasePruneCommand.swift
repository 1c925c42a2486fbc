// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ArgumentParser
import Configuration
import GatewayCore
import Glibc
import JSON
import Pipeline
import Storage

/// `tempest-gateway db prune`.
struct DatabasePruneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prune",
        abstract: "Apply the retention rules now.",
        discussion: """
            By default, raw 3-second wind older than 7 days becomes per-minute aggregates (mean speed, gust, lull, \
            vector-mean direction); device and hub status older than 2 days and forecast snapshots older \
            than 3 days are deleted. Observations, strikes, rain starts and daily summaries are kept. Whole \
            UTC days of observations and wind minutes older than 14 days are packed into one row each \
            (about a third of the space; every command still reads them). The running gateway does all \
            this by itself in small steps; this command does it all at once. The [storage] *_days keys of \
            the configuration file change these ages (see `tempest-gateway config show`).
            """
    )

    @OptionGroup var databaseOptions: DatabaseOptions

    @OptionGroup var configOptions: ConfigFileOptions

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
        let configuration = try configOptions.configuration()
        let store = try StoreAccess.openForWriting(databaseOptions.path(configuredIn: configuration))
        let report = try store.pruneAll(now: Int64(time(nil)), policy: configuration.storage.retentionPolicy)
        let deleted = report.deletedRows.sorted { $0.key < $1.key }
        let packed = report.packedRows.sorted { $0.key < $1.key }
        if json {
            var writer = JSONWriter()
            writer.beginObject()
            writer.key("deleted_rows")
            writer.beginObject()
            for (table, count) in deleted { writer.member(table, Int64(count)) }
            writer.endObject()
            writer.member("wind_minutes_written", Int64(report.windMinutesWritten))
            writer.key("packed_rows")
            writer.beginObject()
            for (table, count) in packed { writer.member(table, Int64(count)) }
            writer.endObject()
            writer.endObject()
            StandardOutput.line(writer.text)
            return
        }
        StandardOutput.line("Pruned \(Plural.count(report.totalDeleted, "row")); wrote \(Plural.count(report.windMinutesWritten, "per-minute wind aggregate")).")
        for (table, count) in deleted where count > 0 { StandardOutput.line("  \(table): \(Plural.count(count, "row")) deleted") }
        for (table, count) in packed where count > 0 { StandardOutput.line("  \(table): \(Plural.count(count, "row")) packed into whole days") }
    }
}
