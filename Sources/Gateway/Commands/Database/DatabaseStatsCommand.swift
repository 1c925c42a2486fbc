// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ArgumentParser
import GatewayCore
import JSON
import Pipeline
import Storage

/// `tempest-gateway db stats`.
struct DatabaseStatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Show row counts per table and the file sizes."
    )

    @OptionGroup var databaseOptions: DatabaseOptions

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
        let store = try StoreAccess.openReadOnly(databaseOptions.path)
        let statistics = try store.statistics()
        let tables = statistics.rowCounts.sorted { $0.key < $1.key }
        if json {
            var writer = JSONWriter()
            writer.beginObject()
            writer.member("database", databaseOptions.path)
            writer.key("rows")
            writer.beginObject()
            for (table, count) in tables { writer.member(table, Int64(count)) }
            writer.endObject()
            writer.member("page_size_bytes", Int64(statistics.pageSize))
            writer.member("page_count", Int64(statistics.pageCount))
            writer.member("free_pages", Int64(statistics.freelistCount))
            writer.member("database_file_bytes", statistics.databaseFileBytes)
            writer.member("wal_file_bytes", statistics.walFileBytes)
            writer.endObject()
            StandardOutput.line(writer.text)
            return
        }
        StandardOutput.line("Database: \(databaseOptions.path)")
        StandardOutput.line("File size: \(ByteCount.text(statistics.databaseFileBytes)), write-ahead log: \(ByteCount.text(statistics.walFileBytes))")
        StandardOutput.line(
            "Pages: \(statistics.pageCount) of \(Plural.count(statistics.pageSize, "byte")), \(statistics.freelistCount) free")
        StandardOutput.line("Rows per table:")
        for (table, count) in tables { StandardOutput.line("  \(table): \(count)") }
    }
}
