// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ArgumentParser
import GatewayCore
import JSON
import Pipeline
import Storage

/// `tempest-gateway db vacuum`.
struct DatabaseVacuumCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vacuum",
        abstract: "Give free pages back to the file system (incremental vacuum)."
    )

    @OptionGroup var databaseOptions: DatabaseOptions

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
        let store = try StoreAccess.openForWriting(databaseOptions.path)
        let before = try store.statistics()
        let freed = try store.incrementalVacuum(pages: nil)
        let after = try store.statistics()
        if json {
            var writer = JSONWriter()
            writer.beginObject()
            writer.member("pages_freed", Int64(freed))
            writer.member("database_file_bytes_before", before.databaseFileBytes)
            writer.member("database_file_bytes_after", after.databaseFileBytes)
            writer.endObject()
            StandardOutput.line(writer.text)
            return
        }
        StandardOutput.line(
            "Freed \(Plural.count(freed, "page")): the file went from \(ByteCount.text(before.databaseFileBytes)) to \(ByteCount.text(after.databaseFileBytes)).")
    }
}
