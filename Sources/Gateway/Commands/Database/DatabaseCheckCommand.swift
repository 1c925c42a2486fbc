// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ArgumentParser
import GatewayCore
import JSON
import Pipeline
import Storage

/// `tempest-gateway db check`.
struct DatabaseCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Run SQLite's integrity check; exit status 1 when it finds problems.",
        discussion: """
            Names the damaged tables and says what to do. A damaged database does not stop the gateway: at \
            its next start it moves the file aside (<database>.damaged-<UTC time>) and copies every row it \
            can still read into a fresh one.
            """
    )

    /// What a damaged file needs, in one sentence.
    static let advice =
        "restart the gateway: it moves the damaged file aside and copies every readable row into a fresh database "
        + "(or stop it, keep a copy of the file, and export what can be read with `tempest-gateway export`)"

    @OptionGroup var databaseOptions: DatabaseOptions

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
        let path = databaseOptions.path
        var problems: [String]
        var damagedTables: [String] = []
        do {
            let store = try StoreAccess.openReadOnly(path)
            do {
                problems = try store.integrityCheck().filter { $0 != "ok" }
            } catch let error as SQLiteError where error.isDamage {
                problems = [error.message]
            }
            if !problems.isEmpty { damagedTables = store.damagedTables() }
        } catch let error as GatewayError where error.code == .databaseUnavailable {
            guard let cause = error.underlying as? SQLiteError, cause.isDamage else { throw error }
            problems = ["not a readable SQLite database: \(cause.message)"]
            damagedTables = ["the whole file"]
        }
        if json {
            var writer = JSONWriter()
            writer.beginObject()
            writer.member("database", path)
            writer.member("ok", problems.isEmpty)
            writer.key("damaged_tables")
            writer.beginArray()
            for table in damagedTables { writer.value(table) }
            writer.endArray()
            writer.key("problems")
            writer.beginArray()
            for problem in problems { writer.value(problem) }
            writer.endArray()
            writer.member("what_to_do", problems.isEmpty ? nil : Self.advice)
            writer.endObject()
            StandardOutput.line(writer.text)
        } else if problems.isEmpty {
            StandardOutput.line("Integrity check passed: \(path) is consistent.")
        } else {
            StandardOutput.line("Integrity check FAILED for \(path): \(Plural.count(problems.count, "problem")).")
            StandardOutput.line("Damaged tables: \(damagedTables.isEmpty ? "none named" : damagedTables.joined(separator: ", ")).")
            StandardOutput.line("What to do: \(Self.advice).")
            for problem in problems { StandardOutput.line("  problem: \(problem)") }
        }
        if !problems.isEmpty { throw ExitCode(1) }
    }
}
