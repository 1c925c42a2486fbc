// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import CSQLite
import Glibc
import SystemSupport

/// One SQLite connection with a cache of prepared statements.
///
/// Opened with `SQLITE_OPEN_NOMUTEX`: a `Database` is confined to one thread
/// (or one task at a time) by its owner, which is cheaper than SQLite's own
/// per-call mutex. It is deliberately not `Sendable`; `StoreWriter` owns one
/// on its writer thread, and readers open their own.
public final class Database {
    /// How a database file is opened.
    public enum OpenMode: Sendable {
        /// Read and write, creating the file when missing.
        case readWriteCreate
        /// Read and write an existing file.
        case readWrite
        /// Read only.
        case readOnly
    }

    let handle: OpaquePointer
    private var statementCache: [String: Statement] = [:]
    /// The write-ahead log, kept open between `syncWriteAheadLog` calls
    /// (-1 until the first). Opening it for every sync cost an `open` and a
    /// `close` per datagram at a station's pace.
    private var writeAheadLogDescriptor: Int32 = -1
    /// The file this connection opened.
    public let path: String
    /// How long a statement waits for another connection's lock.
    private let busyTimeoutMilliseconds: Int32

    /// Opens `path` and applies the connection settings every part of the
    /// gateway relies on: WAL journal, `synchronous=NORMAL`, a busy timeout,
    /// foreign keys on, and incremental auto-vacuum (effective only before the
    /// first table is created, which is why it is set here).
    ///
    /// A file this creates is made owner-only (mode 0600) before SQLite
    /// opens it, whatever the process's umask: SQLite gives its write-ahead
    /// log and shared-memory files the database's mode, so they are 0600
    /// too. Existing files keep their mode. `applySettings: false` opens a
    /// file as it is, without setting anything (for reading a damaged file).
    public init(
        path: String, mode: OpenMode = .readWriteCreate, busyTimeoutMilliseconds: Int32 = 5_000, applySettings: Bool = true
    ) throws(SQLiteError) {
        if mode == .readWriteCreate { Database.createOwnerOnly(path) }
        var flags = SQLITE_OPEN_NOMUTEX
        switch mode {
        case .readWriteCreate: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        case .readWrite: flags |= SQLITE_OPEN_READWRITE
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        }
        var connection: OpaquePointer?
        let code = sqlite3_open_v2(path, &connection, flags, nil)
        guard code == SQLITE_OK, let connection else {
            let error = SQLiteError(code: code, connection: connection, context: "open \(path)")
            sqlite3_close_v2(connection)
            throw error
        }
        self.handle = connection
        self.path = path
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        sqlite3_extended_result_codes(connection, 1)
        sqlite3_busy_timeout(connection, busyTimeoutMilliseconds)
        guard applySettings else { return }
        if mode != .readOnly {
            try execute("PRAGMA auto_vacuum = INCREMENTAL")
            try execute("PRAGMA journal_mode = WAL")
            // Checkpoint when the log holds 4,000 pages (16 MB), not SQLite's
            // 1,000: measured on a day of datagrams replayed in a burst, the
            // default re-ran checkpoints so often that they read 64,000 log
            // pages (a tenth of the gateway's CPU); 4,000 read under 1,000.
            // At a station's pace it also copies each hot page to the
            // database a quarter as often, which spares an SD card.
            try execute("PRAGMA wal_autocheckpoint = \(Database.checkpointPages)")
            // After a checkpoint the log is cut back to this size, so that a
            // burst that grew it does not keep the space on a small disk.
            try execute("PRAGMA journal_size_limit = \(Database.journalSizeLimitBytes)")
        }
        try execute("PRAGMA synchronous = NORMAL")
        try execute("PRAGMA foreign_keys = ON")
        try execute("PRAGMA cache_size = -\(Database.pageCacheKibibytes)")
    }

    /// SQLite's page cache per connection, in KiB (its default is 2,000).
    /// The writer touches few pages (the newest of each table, both ends of
    /// the outbox) and a miss is read from the kernel's page cache, which the
    /// kernel can reclaim when it needs memory; this cache it cannot.
    /// docs/performance.md ("Memory the kernel cannot reclaim") measures it.
    public static let pageCacheKibibytes = 256

    /// Pages in the write-ahead log after which a commit checkpoints it.
    public static let checkpointPages = 4_000

    /// The size the write-ahead log is cut back to after a checkpoint
    /// (`PRAGMA journal_size_limit`), bytes.
    public static let journalSizeLimitBytes = 4 << 20

    /// Creates an empty file at `path` with mode 0600 when none exists
    /// (SQLite takes an empty file as a new database).
    private static func createOwnerOnly(_ path: String) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 { close(descriptor) }
    }

    /// Copies every page of the write-ahead log into the database and
    /// truncates the log to zero bytes (`PRAGMA wal_checkpoint(TRUNCATE)`),
    /// waiting at most `busyTimeoutMilliseconds` for readers. Returns whether
    /// the log was emptied (false when a reader kept it, or on an error such
    /// as a full disk: the log then stays as it was and nothing is lost).
    @discardableResult
    public func checkpointAndTruncate(busyTimeoutMilliseconds waitMilliseconds: Int32 = 200) -> Bool {
        sqlite3_busy_timeout(handle, waitMilliseconds)
        defer { sqlite3_busy_timeout(handle, busyTimeoutMilliseconds) }
        guard let busy = try? scalarInt("PRAGMA wal_checkpoint(TRUNCATE)") else { return false }
        return busy == 0
    }

    deinit {
        closeConnection()
    }

    /// Whether `closeConnection` ran.
    private var isClosed = false

    /// Closes the connection now instead of at release (before its file is
    /// renamed, say). The database must not be used afterwards.
    func closeConnection() {
        guard !isClosed else { return }
        isClosed = true
        statementCache.removeAll()
        if writeAheadLogDescriptor >= 0 { close(writeAheadLogDescriptor) }
        writeAheadLogDescriptor = -1
        sqlite3_close_v2(handle)
    }

    /// Runs one or more SQL statements that take no parameters, discarding rows.
    public func execute(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        guard code == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_free(message)
            throw SQLiteError(
                resultCode: code & 0xFF, extendedResultCode: sqlite3_extended_errcode(handle), message: text, context: sql)
        }
    }

    /// The prepared statement for `sql`, taken from the cache or prepared and
    /// cached now. The statement is reset and its bindings cleared.
    public func statement(_ sql: String) throws(SQLiteError) -> Statement {
        if let cached = statementCache[sql] {
            cached.reset()
            return cached
        }
        let prepared = try Statement(database: self, sql: sql)
        statementCache[sql] = prepared
        return prepared
    }

    /// Prepares, binds with `bind`, and runs `sql` to completion.
    public func run(_ sql: String, _ bind: (Statement) throws -> Void = { _ in }) throws {
        let statement = try statement(sql)
        try bind(statement)
        try statement.run()
    }

    /// Runs `sql` and returns the first column of its first row as an integer.
    public func scalarInt(_ sql: String, _ bind: (Statement) throws -> Void = { _ in }) throws -> Int64? {
        let statement = try statement(sql)
        defer { statement.reset() }
        try bind(statement)
        guard try statement.step() else { return nil }
        return statement.int64(0)
    }

    /// SQLite's `PRAGMA data_version`: it changes when another connection
    /// commits to the file, and never for this connection's own commits, so a
    /// cache of this connection's can stay valid until it moves.
    public func dataVersion() throws -> Int64 {
        try scalarInt("PRAGMA data_version") ?? 0
    }

    /// Runs `sql` and returns the first column of every row as text.
    public func strings(_ sql: String) throws(SQLiteError) -> [String] {
        let statement = try statement(sql)
        defer { statement.reset() }
        var values: [String] = []
        while try statement.step() {
            values.append(statement.string(0) ?? "")
        }
        return values
    }

    /// The rowid of the last row inserted on this connection.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// How many rows the last INSERT, UPDATE or DELETE changed.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// Whether a transaction is open on this connection.
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Flushes the write-ahead log file to stable storage. With
    /// `synchronous=NORMAL` SQLite syncs the log only at checkpoints; calling
    /// this after commits bounds what a power cut can lose. Does nothing
    /// when there is no log file.
    ///
    /// `fdatasync`, not `fsync`: the log's size (which a commit that grows it
    /// changes) is flushed either way, and only its modification time is
    /// left to the file system's own schedule. Measured on ext4 at a
    /// station's pace, `fsync` also wrote the inode: one more write and wait
    /// per datagram. The log stays open between calls; when it is opened,
    /// its folder is synced once too, since SQLite itself makes a new log's
    /// name durable only at its first checkpoint.
    public func syncWriteAheadLog() throws(SQLiteError) {
        if writeAheadLogDescriptor >= 0 && !Self.isLinked(writeAheadLogDescriptor) {
            // The log was deleted under us (SQLite does so when the journal
            // mode leaves WAL): syncing the orphan would keep nothing.
            close(writeAheadLogDescriptor)
            writeAheadLogDescriptor = -1
        }
        if writeAheadLogDescriptor < 0 {
            let descriptor = open(path + "-wal", O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                if errno == ENOENT { return }
                throw Self.syncError("cannot open the write-ahead log", errno: errno, path: path)
            }
            Self.syncFolder(of: path)
            writeAheadLogDescriptor = descriptor
        }
        guard fdatasync(writeAheadLogDescriptor) == 0 else {
            throw Self.syncError("fdatasync failed", errno: errno, path: path)
        }
    }

    /// Whether the open file `descriptor` still has a name.
    private static func isLinked(_ descriptor: Int32) -> Bool {
        var status = stat()
        return fstat(descriptor, &status) != 0 || status.st_nlink > 0
    }

    /// Makes the names in the folder holding `path` durable (a new log's).
    /// Best effort, as SQLite's own folder sync is: a folder that cannot be
    /// opened or synced leaves the name to the file system's own schedule,
    /// and the log's contents are still synced.
    private static func syncFolder(of path: String) {
        let folder = path.lastIndex(of: "/").map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    private static func syncError(_ what: String, errno code: Int32, path: String) -> SQLiteError {
        SQLiteError(
            resultCode: SQLITE_IOERR, extendedResultCode: SQLITE_IOERR | (4 << 8),
            message: "\(what) (\(SystemError(number: code).message))", context: "sync \(path)-wal")
    }

    /// The version of the SQLite library in use (for example `3.40.1`).
    public static var libraryVersion: String {
        String(cString: sqlite3_libversion())
    }

    /// Drops every cached statement (for example before closing a file that
    /// is about to be replaced).
    public func clearStatementCache() {
        statementCache.removeAll()
    }
}
