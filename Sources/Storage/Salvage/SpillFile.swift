// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import Logging

/// `<database>.spill`: where the writer keeps, when it stops, the records
/// it could not commit (a full disk, a read-only or failing file), and
/// where the next start takes them from.
///
/// The format is the simplest one the writer can produce with the code it
/// commits with: a small SQLite database with the gateway's schema, holding
/// only those records (`sqlite3 <database>.spill .dump` shows them), made
/// mode 0600 like the database. It is written in one transaction, so it is
/// either whole or absent. At the next start its rows are copied into the
/// database (devices matched by serial, outbox messages queued after those
/// waiting) and the file is removed; should the gateway die between the two,
/// the copy repeats, which stores nothing twice except outbox messages
/// (published once more, as MQTT's "at least once" allows). Delivered-message
/// acknowledgements are not kept: those messages are only sent once more.
public enum SpillFile {
    /// The spill file of the database at `databasePath`.
    public static func path(database databasePath: String) -> String {
        databasePath + ".spill"
    }

    /// Adds `writes` to the spill file of `databasePath` (created if
    /// missing); returns how many were kept.
    /// A spill file this call created is removed again when it fails (a
    /// full disk), so that no empty or partial file is left behind.
    static func write(_ writes: [StoreWrite], databasePath: String, outboxLimits: OutboxLimits, logger: Logger) throws -> Int {
        let spillPath = path(database: databasePath)
        let existed = access(spillPath, F_OK) == 0
        do {
            return try keep(writes, in: spillPath, outboxLimits: outboxLimits, logger: logger)
        } catch {
            if !existed { for suffix in ["", "-wal", "-shm"] { unlink(spillPath + suffix) } }
            throw error
        }
    }

    /// The writing, with the spill file's connection closed when it returns.
    private static func keep(_ writes: [StoreWrite], in spillPath: String, outboxLimits: OutboxLimits, logger: Logger) throws -> Int {
        // The new file's migration is no news: only problems are logged.
        var quiet = logger
        quiet.logLevel = max(logger.logLevel, .warning)
        let spill = try Store(path: spillPath, logger: quiet)
        return try spill.write {
            var kept = 0
            for write in writes where !write.ridesAlong {
                do {
                    try spill.apply(write, outboxLimits: outboxLimits)
                    kept += 1
                } catch let error as SQLiteError where error.isConstraintViolation {
                } catch is StorageError {}
            }
            return kept
        }
    }

    /// Copies the spill file's rows into `store` and removes the file;
    /// returns the rows copied, or nil when there is no spill file. The
    /// file stays when its rows cannot be stored (the error is thrown).
    static func importIfPresent(into store: Store) throws -> Int? {
        let spillPath = path(database: store.database.path)
        guard access(spillPath, F_OK) == 0 else { return nil }
        let rows = try copyRows(from: spillPath, into: store)
        for suffix in ["", "-wal", "-shm"] { unlink(spillPath + suffix) }
        return rows
    }

    /// The copy, with the spill file's connection closed when it returns.
    private static func copyRows(from spillPath: String, into store: Store) throws -> Int {
        let source = try Database(path: spillPath, mode: .readWrite, applySettings: false)
        defer { store.discardCaches() }
        return try store.database.transaction { try RowCopier(source: source, destination: store.database).copyAll().rows }
    }
}
