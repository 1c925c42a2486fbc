// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Logging

/// The gateway's database: one SQLite connection with the schema migrated to
/// the current version, and typed operations on it.
///
/// Not `Sendable`: a `Store` lives on one thread. `StoreWriter` owns the
/// writing one; the CLI and the gateway's readers open their own (WAL lets
/// readers run beside the writer).
public final class Store {
    /// The underlying connection, for operations this type does not wrap.
    public let database: Database
    let logger: Logger
    /// Serial → device id, for devices known to be committed.
    var deviceIDs: [String: Int64] = [:]
    /// Devices seen in the open transaction, flushed to `devices` at commit.
    var pendingSightings: [Int64: DeviceSighting] = [:]
    /// Outbox depth and bytes, loaded lazily and kept current by this connection.
    var outboxCounters: OutboxCounters?
    /// The `Database.dataVersion` at which `outboxCounters` were counted:
    /// once another connection commits, they are counted again.
    var outboxCountersDataVersion: Int64 = 0
    /// The highest outbox id this connection knows of: handed out by it, or
    /// read from the table (see `nextOutboxID`).
    var outboxHighestID: Int64 = 0
    /// Whether `outboxHighestID` is at least the table's highest id; false
    /// until read, and again once another connection commits.
    var outboxHighestIDKnown = false
    /// No rapid-wind message in the outbox has an id below this (where the
    /// search for one to shed starts; 0 when not known).
    var outboxRapidWindSearchFrom: Int64 = 0
    /// How many times the outbox was counted from its rows, for tests: a
    /// count reads every waiting message, so it should happen rarely.
    var outboxCountScans = 0
    /// Device id → end of its newest packed observation day, loaded lazily
    /// (see `isPackedObservation`).
    var packedObservationsThrough: [Int64: Int64] = [:]

    /// Opens (creating if needed) the database at `path` and migrates it to
    /// `Schema.currentVersion`.
    ///
    /// - Throws: `SQLiteError` when the file cannot be opened or migrated,
    ///   `StorageError.databaseNewerThanBinary` when it is from a newer build.
    public init(path: String, logger: Logger = Logger(label: "tempest.storage"), migrations: [Migration] = Schema.migrations) throws {
        self.database = try Database(path: path)
        self.logger = logger
        let applied = try database.migrate(migrations)
        if !applied.isEmpty {
            logger.info("database schema migrated", metadata: ["path": "\(path)", "versions": "\(applied)"])
        }
    }

    /// Opens an existing database read-only, without migrating (for
    /// inspection commands that must not change the file).
    public init(readOnlyPath path: String, logger: Logger = Logger(label: "tempest.storage")) throws {
        self.database = try Database(path: path, mode: .readOnly)
        self.logger = logger
        let version = try database.schemaVersion()
        guard version <= Schema.currentVersion else {
            throw StorageError.databaseNewerThanBinary(found: version, supported: Schema.currentVersion)
        }
    }

    /// Runs `body` in one `BEGIN IMMEDIATE` transaction. Device sightings
    /// gathered by the inserts are written before the commit; on failure the
    /// connection's caches are dropped, since they may name rolled-back rows.
    @discardableResult
    public func write<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            return try database.transaction(.immediate) {
                try forgetOutboxCountersIfStale()
                let result = try body()
                try flushSightings()
                return result
            }
        } catch {
            discardCaches()
            throw error
        }
    }

    /// Forgets cached ids and counters (after a rollback).
    func discardCaches() {
        deviceIDs.removeAll()
        pendingSightings.removeAll()
        forgetOutboxState()
        packedObservationsThrough.removeAll()
    }

    /// Caps the file at `pages` pages (`PRAGMA max_page_count`; nil lifts the
    /// cap back to SQLite's maximum). Writes beyond it fail with
    /// `SQLITE_FULL`, which the writer handles like a full disk.
    public func setMaximumPageCount(_ pages: Int?) throws(SQLiteError) {
        try database.execute("PRAGMA max_page_count = \(pages ?? 4_294_967_294)")
    }
}
