// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc

extension Store {
    /// The tables whose rows `statistics()` counts.
    public static let tableNames = [
        "devices", "observations", "rapid_wind", "wind_minutes", "lightning_strikes", "rain_starts", "device_status",
        "hub_status", "daily_summaries", "forecast_snapshots", "outbox", "packed_days", "forecast_verification",
        "quarantine", "nearby_strikes", "cloud_rain_days", "observation_verdicts",
    ]

    /// Row counts (observations and wind minutes include their packed rows),
    /// page counts and file sizes. Counting scans each table, so
    /// this is for occasional inspection, not for a hot path.
    public func statistics() throws -> StoreStatistics {
        var counts: [String: Int] = [:]
        for table in Self.tableNames {
            counts[table] = Int(try database.scalarInt("SELECT count(*) FROM \(table)") ?? 0)
        }
        for packed in PackedTable.allCases {
            let rows = try database.scalarInt("SELECT coalesce(sum(row_count), 0) FROM packed_days WHERE source_table = ?") {
                try $0.bind(packed.tableName, at: 0)
            }
            counts[packed.tableName, default: 0] += Int(rows ?? 0)
        }
        return StoreStatistics(
            rowCounts: counts,
            pageCount: Int(try database.scalarInt("PRAGMA page_count") ?? 0),
            pageSize: Int(try database.scalarInt("PRAGMA page_size") ?? 0),
            freelistCount: Int(try database.scalarInt("PRAGMA freelist_count") ?? 0),
            databaseFileBytes: Self.fileSize(database.path),
            walFileBytes: Self.fileSize(database.path + "-wal"))
    }

    /// `PRAGMA integrity_check`: `["ok"]` for a sound file, otherwise the problems found.
    public func integrityCheck() throws -> [String] {
        try database.strings("PRAGMA integrity_check")
    }

    /// The tables whose own integrity check (`PRAGMA integrity_check(table)`)
    /// fails, by name; "sqlite_schema" when the list of tables itself
    /// cannot be read.
    public func damagedTables() -> [String] {
        guard let tables = try? database.strings("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name") else {
            return ["sqlite_schema"]
        }
        return tables.filter { table in
            let quoted = "\"" + table.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
            guard let result = try? database.strings("PRAGMA integrity_check(\(quoted))") else { return true }
            return result != ["ok"]
        }
    }

    /// The bytes the database at `path` takes on disk: the file and its
    /// write-ahead log (0 for a file that does not exist). A `stat` of each,
    /// cheap enough for every `status`.
    public static func diskBytes(databasePath path: String) -> Int64 {
        fileSize(path) + fileSize(path + "-wal")
    }

    /// Size of the file at `path` in bytes, 0 when it does not exist.
    static func fileSize(_ path: String) -> Int64 {
        var information = stat()
        guard stat(path, &information) == 0 else { return 0 }
        return Int64(information.st_size)
    }
}
