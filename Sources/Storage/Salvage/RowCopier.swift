// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import CSQLite

/// Copies the rows of one database file into another of the gateway's
/// schema, table by table and row by row, inside the destination's open
/// transaction. Used for a damaged file (`DatabaseSalvage`) and for the
/// spill file (`SpillFile`).
///
/// Rows that cannot be read are skipped: each table is read in key order
/// until a read fails, then backwards from its end until a read fails
/// again, so only the rows on damaged pages (and what a damaged inner page
/// hides) are lost. Devices are matched by serial number, so the two files
/// may number them differently; tables keyed by an `id` of their own (the
/// outbox, forecast snapshots) keep their ids with `keepIDs` (a fresh
/// destination), else get new ids in the same order. Rows already
/// present are kept, except daily summaries, which the copied row replaces
/// (as the writer's upsert does).
struct RowCopier {
    /// What was copied.
    struct Outcome {
        /// Rows inserted into the destination.
        var rows = 0
        /// Tables (or "sqlite_schema", the list of tables) with rows that
        /// could not be read.
        var damagedTables: [String] = []
    }

    private struct Column {
        var name: String
        var isPrimaryKey: Int
        var type: String
    }

    let source: Database
    let destination: Database
    /// Whether rows keyed by an `id` of their own keep it.
    var keepIDs = false

    /// Copies every table both files have. Throws only when the destination
    /// cannot be written (a full disk); unreadable source rows are skipped.
    func copyAll() throws -> Outcome {
        var outcome = Outcome()
        var tables: [(name: String, withoutRowID: Bool)] = []
        let listed = try scan("SELECT name, sql FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'") { row in
            tables.append((row.string(0) ?? "", (row.string(1) ?? "").uppercased().contains("WITHOUT ROWID")))
        }
        if !listed { outcome.damagedTables.append("sqlite_schema") }
        let destinationTables = Set(try destination.strings("SELECT name FROM sqlite_schema WHERE type = 'table'"))
        var devices: [Int64: Int64] = [:]
        if tables.contains(where: { $0.name == "devices" }) {
            if !(try copyDevices(into: &devices, outcome: &outcome)) { outcome.damagedTables.append("devices") }
        }
        for table in tables where table.name != "devices" && destinationTables.contains(table.name) {
            if !(try copyTable(table.name, withoutRowID: table.withoutRowID, devices: devices, outcome: &outcome)) {
                outcome.damagedTables.append(table.name)
            }
        }
        return outcome
    }

    /// Copies devices, matching them by serial; fills `devices` with source
    /// id → destination id. Returns false when some could not be read.
    private func copyDevices(into devices: inout [Int64: Int64], outcome: inout Outcome) throws -> Bool {
        let columns = try sharedColumns("devices").filter { $0.name != "id" }.map(\.name)
        guard columns.contains("serial") else { return true }
        let insert = try destination.statement(
            "INSERT OR IGNORE INTO devices (\(quoted(columns))) VALUES (\(placeholders(columns.count)))")
        let update = columns.contains("last_seen")
            ? try destination.statement("UPDATE devices SET last_seen = max(last_seen, ?) WHERE serial = ?") : nil
        let serialIndex = Int32(columns.firstIndex(of: "serial")!)
        let lastSeenIndex = columns.firstIndex(of: "last_seen").map { Int32($0) }
        let select = "SELECT id, \(quoted(columns)) FROM devices ORDER BY id"
        var rows = 0
        var map: [Int64: Int64] = [:]
        defer {
            outcome.rows += rows
            devices.merge(map) { $1 }
        }
        let copy = { (row: Statement) throws in
            guard let sourceID = row.int64(0), let serial = row.string(serialIndex + 1) else { return }
            for index in 0..<Int32(columns.count) {
                sqlite3_bind_value(insert.handle, index + 1, sqlite3_column_value(row.handle, index + 1))
            }
            try insert.run()
            rows += destination.changes
            if let update, let lastSeenIndex {
                try update.bind(row.int64(lastSeenIndex + 1), at: 0)
                try update.bind(serial, at: 1)
                try update.run()
            }
            map[sourceID] = try destination.scalarInt("SELECT id FROM devices WHERE serial = ?") { try $0.bind(serial, at: 0) }
        }
        if try scan(select, row: copy) { return true }
        _ = try scan(select + " DESC", row: copy)
        return false
    }

    /// Copies one table; returns false when some rows could not be read.
    private func copyTable(_ table: String, withoutRowID: Bool, devices: [Int64: Int64], outcome: inout Outcome) throws -> Bool {
        let all = try sharedColumns(table)
        let keyedByID = all.filter { $0.isPrimaryKey > 0 }.map(\.name) == ["id"] && !withoutRowID && !keepIDs
        let columns = all.filter { !(keyedByID && $0.name == "id") }
        guard !columns.isEmpty else { return true }
        let names = columns.map(\.name)
        let conflict = table == "daily_summaries" ? "REPLACE" : "IGNORE"
        let insert = try destination.statement(
            "INSERT OR \(conflict) INTO \(quote(table)) (\(quoted(names))) VALUES (\(placeholders(names.count)))")
        let deviceIndex = names.firstIndex(of: "device_id").map { Int32($0) }
        let key = withoutRowID
            ? all.filter { $0.isPrimaryKey > 0 }.sorted { $0.isPrimaryKey < $1.isPrimaryKey }.map { quote($0.name) }
            : ["rowid"]
        let select = "SELECT \(quoted(names)) FROM \(quote(table)) ORDER BY "
        var rows = 0
        defer { outcome.rows += rows }
        let copy = { (row: Statement) throws in
            for index in 0..<Int32(names.count) {
                if index == deviceIndex {
                    guard let sourceID = row.int64(index), let id = devices[sourceID] else { return }
                    try insert.bind(id, at: index)
                } else {
                    sqlite3_bind_value(insert.handle, index + 1, sqlite3_column_value(row.handle, index))
                }
            }
            do {
                try insert.run()
                rows += destination.changes
            } catch let error as SQLiteError where error.isConstraintViolation {
                // A row the destination's rules refuse (a damaged value): skipped.
            }
        }
        if try scan(select + key.joined(separator: ", "), row: copy) { return true }
        _ = try scan(select + key.map { $0 + " DESC" }.joined(separator: ", "), row: copy)
        return false
    }

    /// The columns of `table` in the destination that the source has too.
    private func sharedColumns(_ table: String) throws -> [Column] {
        var sourceNames = Set<String>()
        guard try scan("PRAGMA table_info(\(quote(table)))", row: { sourceNames.insert($0.string(1) ?? "") }) else { return [] }
        let statement = try Statement(database: destination, sql: "PRAGMA table_info(\(quote(table)))")
        var columns: [Column] = []
        while try statement.step() {
            let name = statement.string(1) ?? ""
            if sourceNames.contains(name) {
                columns.append(Column(name: name, isPrimaryKey: statement.int(5) ?? 0, type: statement.string(2) ?? ""))
            }
        }
        return columns
    }

    /// Runs `sql` on the source and hands each row to `row`; returns false
    /// when the source could not be read to the end. Errors thrown by `row`
    /// (the destination's) are passed on.
    private func scan(_ sql: String, row: (Statement) throws -> Void) throws -> Bool {
        guard let statement = try? Statement(database: source, sql: sql) else { return false }
        while true {
            let more: Bool
            do { more = try statement.step() } catch { return false }
            guard more else { return true }
            try row(statement)
        }
    }

    private func quote(_ name: String) -> String {
        "\"" + name.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }

    private func quoted(_ names: [String]) -> String {
        names.map(quote).joined(separator: ", ")
    }

    private func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }
}
