// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import CSQLite
import Glibc
import Logging
import SystemSupport

/// Opening the gateway's database so that a damaged file never stops
/// collection: the file is checked (`PRAGMA quick_check`, which reads it
/// once: about a second per 100 MB on an SD card), and a damaged one
/// (a failed check, or SQLite reporting `SQLITE_CORRUPT` or `SQLITE_NOTADB`
/// on opening it) is renamed to `<database>.damaged-<UTC time>` with its
/// `-wal` and `-shm`, and every row that can still be read is copied into a
/// fresh database at the old path (`RowCopier`, ids kept; SQLite's recovery
/// extension is not in Debian 12's libsqlite3). The writer does the same
/// when a commit finds the file damaged while running.
public enum DatabaseSalvage {
    /// Opens (creating and migrating as needed) the database at `path`,
    /// recovering it first when it is damaged. Returns the store and, when
    /// the file was damaged, what was recovered.
    ///
    /// - Throws: what `Store(path:)` throws for an undamaged file (a
    ///   missing folder, permissions, a newer schema), or
    ///   `StorageError.damagedDatabaseNotMoved` when the damaged file
    ///   cannot be renamed.
    public static func open(
        path: String, logger: Logger, now: @Sendable () -> Int64 = { Int64(time(nil)) }
    ) throws -> (store: Store, recovery: DatabaseRecovery?) {
        var problem: String
        do {
            let store = try Store(path: path, logger: logger)
            let check = try store.database.strings("PRAGMA quick_check")
            if check == ["ok"] { return (store, nil) }
            problem = check.prefix(3).joined(separator: "; ")
        } catch let error as SQLiteError where error.isDamage {
            problem = error.message
        }
        logger.error("the database is damaged; moving it aside and recovering its rows", metadata: ["path": "\(path)", "problem": "\(problem)"])
        let recovery = try recover(path: path, now: now(), logger: logger)
        logger.notice(
            "damaged database recovered",
            metadata: ["movedTo": "\(recovery.damagedPath)", "rows": "\(recovery.recoveredRows)", "damagedTables": "\(recovery.damagedTables)"])
        return (try Store(path: path, logger: logger), recovery)
    }

    /// Moves the file aside and copies its readable rows into a fresh one.
    static func recover(path: String, now: Int64, logger: Logger) throws -> DatabaseRecovery {
        let aside = path + ".damaged-" + stamp(now)
        guard rename(path, aside) == 0 else {
            throw StorageError.damagedDatabaseNotMoved(path: path, reason: SystemError.current.message)
        }
        for suffix in ["-wal", "-shm"] where access(path + suffix, F_OK) == 0 {
            guard rename(path + suffix, aside + suffix) == 0 else {
                throw StorageError.damagedDatabaseNotMoved(path: path + suffix, reason: SystemError.current.message)
            }
        }
        let fresh = try Store(path: path, logger: logger)
        var outcome = RowCopier.Outcome()
        if let source = try? Database(path: aside, mode: .readWrite, applySettings: false) {
            outcome = try fresh.database.transaction { try RowCopier(source: source, destination: fresh.database, keepIDs: true).copyAll() }
        } else {
            outcome.damagedTables = ["sqlite_schema"]
        }
        return DatabaseRecovery(damagedPath: aside, recoveredRows: outcome.rows, damagedTables: outcome.damagedTables)
    }

    /// `now` as `20260131T235959Z`.
    static func stamp(_ now: Int64) -> String {
        var seconds = time_t(now)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))Z"
    }
}
