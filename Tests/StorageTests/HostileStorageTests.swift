// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Storage
import TempestTestKit
import Testing

/// A full disk at stop, a damaged file at start, and the files' modes:
/// the writer and the store on real SQLite files.
@Suite("Hostile storage: spill file, damaged database, file modes")
struct HostileStorageTests {
    private func mode(_ path: String) -> Int? {
        var information = stat()
        guard stat(path, &information) == 0 else { return nil }
        return Int(information.st_mode & 0o777)
    }

    /// Observations to submit, more than the first pages hold.
    private static let heldCount = 300

    /// A writer whose file is capped at the pages it has, so that the next
    /// page it needs fails with SQLITE_FULL, as a full disk does, holding
    /// `heldCount` observations it cannot commit.
    private func fullWriter(_ path: String, logs: LogCapture) throws -> StoreWriter {
        let pages = try Int(#require(try Store(path: path).database.scalarInt("PRAGMA page_count")))
        var configuration = StoreWriterConfiguration()
        configuration.maximumPageCount = pages
        configuration.retryIntervalSeconds = 0.05
        let writer = try StoreWriter(path: path, configuration: configuration, logger: logs.logger())
        try writer.submit((0..<Self.heldCount).map { .observation(Fixtures.observation(at: Fixtures.dayStart + Int64($0) * 60)) })
        #expect(eventually { writer.status.isDiskFull })
        return writer
    }

    @Test("a writer stopped while the disk is full keeps its records in the spill file; the next start stores them")
    func spillAndImport() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("full.sqlite")
        let logs = LogCapture()
        let writer = try fullWriter(path, logs: logs)
        #expect(await writer.flush(timeoutSeconds: 0.2) == false)
        writer.shutdown(deadlineSeconds: 1)
        #expect(writer.status.spilledOnStopCount == Self.heldCount)
        #expect(writer.status.lostOnStopCount == 0)
        let spill = SpillFile.path(database: path)
        #expect(mode(spill) == 0o600)
        #expect(logs.entries.contains { $0.message.contains("kept them in the spill file") && $0.metadata.contains("\(Self.heldCount)") })

        let reopened = try StoreWriter(path: path, logger: logs.logger())
        #expect(reopened.importedSpillRows.map { $0 >= Self.heldCount } == true)
        #expect(!FileManager.default.fileExists(atPath: spill))
        reopened.shutdown()
        let reader = try Store(path: path)
        #expect(try reader.statistics().rowCounts["observations"] == Self.heldCount)
        #expect(try reader.integrityCheck() == ["ok"])
    }

    @Test("when the spill file cannot be written either, the loss is counted and logged with the number of records")
    func lossCounted() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("full.sqlite")
        // A folder where the spill file would go: it cannot be created.
        try FileManager.default.createDirectory(atPath: SpillFile.path(database: path), withIntermediateDirectories: false)
        let logs = LogCapture()
        let writer = try fullWriter(path, logs: logs)
        writer.shutdown(deadlineSeconds: 0.5)
        #expect(writer.status.lostOnStopCount == Self.heldCount)
        #expect(writer.status.spilledOnStopCount == 0)
        #expect(logs.entries.contains { $0.level == .error && $0.message.contains("\(Self.heldCount) records lost") })
    }

    @Test("a stop gives up committing at its deadline and spills what is left")
    func stopDeadline() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("deadline.sqlite")
        let logs = LogCapture()
        let writer = try fullWriter(path, logs: logs)
        // Deadline already passed: no commit is tried, everything is spilled.
        writer.shutdown(deadlineSeconds: 0)
        #expect(writer.status.spilledOnStopCount == Self.heldCount)
        #expect(throws: StorageError.writerStopped) { try writer.submit(.observation(Fixtures.observation(at: Fixtures.dayStart))) }
    }

    @Test("the database and its write-ahead log are created owner-only (0600) whatever the umask")
    func ownerOnlyModes() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("modes.sqlite")
        let previous = umask(0o022)
        defer { umask(previous) }
        let writer = try StoreWriter(path: path, logger: LogCapture().logger())
        try writer.submit(.observation(Fixtures.observation(at: Fixtures.dayStart)))
        try await writer.flush()
        #expect(mode(path) == 0o600)
        #expect(mode(path + "-wal") == 0o600)
        #expect(mode(path + "-shm") == 0o600)
        writer.shutdown()
    }

    @Test("the write-ahead log is cut back: journal_size_limit is set, and maintenance truncates it to zero bytes")
    func writeAheadLogTruncated() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("wal.sqlite")
        var configuration = StoreWriterConfiguration()
        configuration.pruneIntervalSeconds = 0.2
        let writer = try StoreWriter(path: path, configuration: configuration, logger: LogCapture().logger())
        try writer.submit((0..<2_000).map { .observation(Fixtures.observation(at: Fixtures.dayStart + Int64($0) * 60)) })
        try await writer.flush()
        let limit = try await writer.perform { store in try store.database.scalarInt("PRAGMA journal_size_limit") }
        #expect(limit == Int64(Database.journalSizeLimitBytes))
        let walSize = { (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? -1 }
        #expect(eventually { walSize() == 0 }, "the log still holds \(walSize()) bytes")
        writer.shutdown()
    }

    @Test("the log is checkpointed before it takes a quarter of the free space, within its bounds")
    func checkpointFitsFreeSpace() throws {
        #expect(Database.checkpointPages(freeBytes: 2 << 20) == 128)
        #expect(Database.checkpointPages(freeBytes: 0) == Database.minimumCheckpointPages)
        #expect(Database.checkpointPages(freeBytes: 1 << 40) == Database.checkpointPages)
        let directory = try TemporaryDirectory()
        let database = try Database(path: directory.file("fit.sqlite"))
        let free = try #require(database.freeBytesInFolder)
        #expect(database.adaptCheckpointToFreeSpace() == Database.checkpointPages(freeBytes: free))
        #expect(try database.scalarInt("PRAGMA wal_autocheckpoint") == Int64(Database.checkpointPages(freeBytes: free)))
    }

    @Test("a damaged file is moved aside with its log, and its readable rows are copied into a fresh database")
    func damagedDatabaseRecovered() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("damaged.sqlite")
        let inserted = try DamagedFile.make(path: path, observations: 2_000)
        let logs = LogCapture()
        let writer = try StoreWriter(path: path, logger: logs.logger())
        let recovery = try #require(writer.recovery)
        #expect(recovery.damagedTables == ["observations"])
        #expect(recovery.damagedPath.hasPrefix(path + ".damaged-"))
        #expect(FileManager.default.fileExists(atPath: recovery.damagedPath))
        #expect(recovery.sentence.hasPrefix("The database was damaged; moved it to \(recovery.damagedPath) and recovered "))
        // Collection goes on at once.
        try writer.submit(.observation(Fixtures.observation(at: Fixtures.dayStart - 60)))
        try await writer.flush()
        writer.shutdown()

        let reader = try Store(path: path)
        let count = try #require(reader.statistics().rowCounts["observations"])
        // One page of rows lost, the rest (and the new one) there.
        #expect(count > inserted / 2)
        #expect(count < inserted + 1)
        // Recovered: the observations there were before the new one, and the one device.
        #expect(recovery.recoveredRows == (count - 1) + 1)
        #expect(try reader.integrityCheck() == ["ok"])
        #expect(mode(path) == 0o600)
    }

    @Test("a file found damaged while running is replaced the same way, and the failed batch commits in the fresh one")
    func damagedWhileRunning() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("running.sqlite")
        let logs = LogCapture()
        let writer = try StoreWriter(path: path, logger: logs.logger())
        try writer.submit((0..<2_000).map { .observation(Fixtures.observation(at: Fixtures.dayStart + Int64($0) * 60)) })
        try writer.submit(.rainStart(RainStartRecord(serial: Fixtures.tempest, timestamp: Fixtures.dayStart)))
        try await writer.flush()
        let root = try await writer.perform { store in
            _ = try store.database.strings("PRAGMA wal_checkpoint(TRUNCATE)")
            return try store.database.scalarInt("SELECT rootpage FROM sqlite_schema WHERE name = 'observations'")
        }
        // The table's root page is overwritten under the running writer,
        // which then reads it from the file again.
        try PageDamage.overwrite(page: Int(try #require(root)), pageSize: 4_096, of: path)
        _ = try await writer.perform { store in try store.database.strings("PRAGMA shrink_memory") }
        try writer.submit(.observation(Fixtures.observation(at: Fixtures.dayStart - 60)))
        try await writer.flush()
        let recovery = try #require(writer.runtimeRecoveries.first)
        #expect(writer.runtimeRecoveries.count == 1)
        #expect(recovery.damagedTables == ["observations"])
        #expect(FileManager.default.fileExists(atPath: recovery.damagedPath))
        #expect(logs.entries.contains { $0.message.hasPrefix("The database was damaged; moved it to \(recovery.damagedPath)") })
        writer.shutdown()

        let reader = try Store(path: path)
        // The rain start survived; of the observations only the new one is there (the whole table hung from its root page).
        #expect(try reader.statistics().rowCounts["rain_starts"] == 1)
        #expect(try reader.statistics().rowCounts["observations"] == 1)
        #expect(try reader.integrityCheck() == ["ok"])
    }

    @Test("a file that is not a database at all is moved aside and a fresh one started")
    func notADatabase() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("garbage.sqlite")
        try Data(repeating: 0xA5, count: 8_192).write(to: URL(fileURLWithPath: path))
        let writer = try StoreWriter(path: path, logger: LogCapture().logger())
        let recovery = try #require(writer.recovery)
        #expect(recovery.recoveredRows == 0)
        #expect(FileManager.default.fileExists(atPath: recovery.damagedPath))
        writer.shutdown()
        #expect(try Store(path: path).integrityCheck() == ["ok"])
    }

    @Test("the damaged-table check names the table whose page was overwritten")
    func damagedTablesNamed() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("named.sqlite")
        _ = try DamagedFile.make(path: path, observations: 2_000)
        #expect(try Store(readOnlyPath: path).damagedTables() == ["observations"])
    }
}

/// A database with `observations` rows whose middle leaf page of the
/// observations table is overwritten with a fixed garbage pattern.
enum DamagedFile {
    /// Returns how many observations were stored before the damage.
    static func make(path: String, observations: Int) throws -> Int {
        do {
            let store = try Store(path: path)
            try store.write {
                for index in 0..<observations {
                    try store.insert(Fixtures.observation(at: Fixtures.dayStart + Int64(index) * 60))
                }
            }
            _ = try store.database.strings("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        let reader = try Database(path: path, mode: .readOnly)
        let leaves = try reader.strings(
            "SELECT pageno FROM dbstat WHERE name = 'observations' AND pagetype = 'leaf' ORDER BY pageno")
        guard leaves.count >= 3, let page = Int(leaves[leaves.count / 2]) else {
            throw TestKitError("expected several leaf pages, found \(leaves.count)")
        }
        try PageDamage.overwrite(page: page, pageSize: Int(try reader.scalarInt("PRAGMA page_size") ?? 4_096), of: path)
        return observations
    }
}
