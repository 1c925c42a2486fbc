// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import CSQLite
import Storage
import TempestTestKit
import Testing

@Suite("SQLite wrapper")
struct DatabaseTests {
    @Test("opening applies WAL, synchronous=NORMAL, foreign keys, incremental auto-vacuum and a 256 KiB page cache")
    func pragmas() throws {
        let directory = try TemporaryDirectory()
        let database = try Database(path: directory.file("pragmas.sqlite"))
        #expect(try database.strings("PRAGMA journal_mode") == ["wal"])
        #expect(try database.scalarInt("PRAGMA synchronous") == 1)
        #expect(try database.scalarInt("PRAGMA foreign_keys") == 1)
        #expect(try database.scalarInt("PRAGMA auto_vacuum") == 2)
        #expect(try database.scalarInt("PRAGMA busy_timeout") == 5_000)
        #expect(try database.scalarInt("PRAGMA wal_autocheckpoint") == Int64(Database.checkpointPages))
        #expect(try database.scalarInt("PRAGMA cache_size") == -256)
        let reader = try Database(path: directory.file("pragmas.sqlite"), mode: .readOnly)
        #expect(try reader.scalarInt("PRAGMA cache_size") == -256)
    }

    @Test("the write-ahead log is checkpointed at 4,000 pages: it grows past SQLite's 1,000 and stays bounded")
    func checkpointThreshold() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("log.sqlite")
        let database = try Database(path: path)
        try database.execute("CREATE TABLE t (b BLOB)")
        let blob = [UInt8](repeating: 7, count: 3_000)  // one new page per commit at least
        func commit(_ count: Int) throws {
            for _ in 0..<count {
                try database.transaction { try database.run("INSERT INTO t VALUES (?)") { try $0.bind(blob, at: 0) } }
            }
        }
        func logFrames() -> Int {
            var status = stat()
            guard stat(path + "-wal", &status) == 0 else { return 0 }
            return (Int(status.st_size) - 32) / (4_096 + 24)  // header, then frames of header + page
        }
        try commit(1_500)
        #expect(logFrames() > 1_100, "the log was checkpointed and restarted early: \(logFrames()) frames")
        try commit(6_000)
        #expect(logFrames() < Database.checkpointPages + 200, "the log outgrew its bound: \(logFrames()) frames")
    }

    @Test("values of every type round-trip through binding and reading")
    func typedRoundTrip() throws {
        let directory = try TemporaryDirectory()
        let database = try Database(path: directory.file("types.sqlite"))
        try database.execute("CREATE TABLE t (i INTEGER, r REAL, s TEXT, b BLOB, n INTEGER)")
        try database.run("INSERT INTO t VALUES (?, ?, ?, ?, ?)") { statement in
            try statement.bind(Int64.min, at: 0)
            try statement.bind(-0.125, at: 1)
            try statement.bind("Grüße ☔️", at: 2)
            try statement.bind([0, 1, 255] as [UInt8], at: 3)
            try statement.bind(nil as Int64?, at: 4)
        }
        let statement = try database.statement("SELECT i, r, s, b, n FROM t")
        #expect(try statement.step())
        #expect(statement.int64(0) == Int64.min)
        #expect(statement.double(1) == -0.125)
        #expect(statement.string(2) == "Grüße ☔️")
        #expect(statement.bytes(3) == [0, 1, 255])
        #expect(statement.int64(4) == nil)
        #expect(statement.isNull(4))
        #expect(try statement.step() == false)
    }

    @Test("statements are cached by SQL text")
    func statementCache() throws {
        let directory = try TemporaryDirectory()
        let database = try Database(path: directory.file("cache.sqlite"))
        let first = try database.statement("SELECT 1")
        let second = try database.statement("SELECT 1")
        let other = try database.statement("SELECT 2")
        #expect(first === second)
        #expect(first !== other)
    }

    @Test("errors carry SQLite's code, message and the SQL")
    func errorDetails() throws {
        let directory = try TemporaryDirectory()
        let database = try Database(path: directory.file("errors.sqlite"))
        let syntax = #expect(throws: SQLiteError.self) { try database.execute("SELEKT 1") }
        #expect(syntax?.resultCode == SQLITE_ERROR)
        #expect(syntax?.message.contains("syntax error") == true)
        #expect(syntax?.context == "SELEKT 1")

        try database.execute("CREATE TABLE u (k INTEGER PRIMARY KEY)")
        try database.run("INSERT INTO u VALUES (1)")
        let duplicate = #expect(throws: SQLiteError.self) { try database.run("INSERT INTO u VALUES (1)") }
        #expect(duplicate?.resultCode == SQLITE_CONSTRAINT)
        // SQLITE_CONSTRAINT_PRIMARYKEY is a macro Swift does not import: SQLITE_CONSTRAINT | (6 << 8).
        #expect(duplicate?.extendedResultCode == SQLITE_CONSTRAINT | (6 << 8))
        #expect(duplicate?.isConstraintViolation == true)
        #expect(duplicate?.description.contains("INSERT INTO u VALUES (1)") == true)
    }

    @Test("a transaction commits on return and rolls back on a throw")
    func transactions() throws {
        struct Abort: Error {}
        let directory = try TemporaryDirectory()
        let database = try Database(path: directory.file("tx.sqlite"))
        try database.execute("CREATE TABLE t (v INTEGER)")
        try database.transaction(.immediate) { try database.run("INSERT INTO t VALUES (1)") }
        #expect(throws: Abort.self) {
            try database.transaction(.immediate) {
                try database.run("INSERT INTO t VALUES (2)")
                throw Abort()
            }
        }
        #expect(database.isInTransaction == false)
        #expect(try database.scalarInt("SELECT count(*) FROM t") == 1)
    }

    @Test("BEGIN IMMEDIATE takes the write lock at once: a second writer gets SQLITE_BUSY")
    func immediateLocks() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("busy.sqlite")
        let first = try Database(path: path)
        try first.execute("CREATE TABLE t (v INTEGER)")
        let second = try Database(path: path, busyTimeoutMilliseconds: 10)
        try first.execute("BEGIN IMMEDIATE")
        let busy = #expect(throws: SQLiteError.self) { try second.transaction(.immediate) {} }
        #expect(busy?.resultCode == SQLITE_BUSY)
        try first.execute("COMMIT")
        try second.transaction(.immediate) { try second.run("INSERT INTO t VALUES (1)") }
        #expect(try first.scalarInt("SELECT count(*) FROM t") == 1)
    }

    @Test("the log sync keeps one descriptor on the log across syncs and checkpoints, and closes it with the connection")
    func logSyncDescriptor() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("sync.sqlite")
        var database: Database? = try Database(path: path)
        try database?.syncWriteAheadLog()  // no log yet: nothing to sync, nothing opened
        try database?.execute("CREATE TABLE t (v INTEGER)")
        let sqliteOwn = Self.descriptors(on: path + "-wal")
        #expect(sqliteOwn.count == 1, "SQLite's own: \(sqliteOwn)")
        for value in 0..<5 {
            try database?.run("INSERT INTO t VALUES (?)") { try $0.bind(Int64(value), at: 0) }
            try database?.syncWriteAheadLog()
        }
        _ = try database?.strings("PRAGMA wal_checkpoint(TRUNCATE)")
        try database?.syncWriteAheadLog()
        #expect(Self.descriptors(on: path + "-wal").count == 2)
        database = nil
        #expect(Self.descriptors(on: path + "-wal").isEmpty)
    }

    @Test("a log that SQLite deleted and made anew is reopened by the next sync, not the orphan synced")
    func logSyncFollowsNewLog() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("renewed.sqlite")
        let database = try Database(path: path)
        try database.execute("CREATE TABLE t (v INTEGER)")
        try database.syncWriteAheadLog()
        // Leaving WAL mode deletes the log; coming back creates a new file.
        #expect(try database.strings("PRAGMA journal_mode = DELETE") == ["delete"])
        #expect(try database.strings("PRAGMA journal_mode = WAL") == ["wal"])
        try database.run("INSERT INTO t VALUES (1)")
        try database.syncWriteAheadLog()
        let targets = Self.descriptors(on: path + "-wal")
        let log = Self.canonical(path + "-wal")
        #expect(targets == [log, log], "descriptors on the log: \(targets)")
    }

    /// What this process's open descriptors on `path` point to (a deleted
    /// file's ends in " (deleted)"), as the kernel spells the path.
    private static func descriptors(on path: String) -> [String] {
        let path = canonical(path)
        guard let folder = opendir("/proc/self/fd") else { return [] }
        defer { closedir(folder) }
        var targets: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            var buffer = [CChar](repeating: 0, count: 4_096)
            let length = readlink("/proc/self/fd/" + name, &buffer, buffer.count - 1)
            guard length > 0 else { continue }
            let target = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if target.hasPrefix(path) { targets.append(target) }
        }
        return targets
    }

    /// `path` with its folder resolved as the kernel reports it (the
    /// temporary folder's name may hold "//" or a link).
    private static func canonical(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), let resolved = realpath(String(path[..<slash]), nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved) + path[slash...]
    }
}
