// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Storage
import TempestTestKit
import Synchronization
import Testing

@Suite("StoreWriter: group commit, flush, disk full")
struct StoreWriterTests {
    @Test("records submitted from many tasks are committed in batches and readable after flush")
    func concurrentSubmitAndFlush() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("writer.sqlite")
        let reports = ReportLog()
        let writer = try StoreWriter(path: path, logger: LogCapture().logger(), onCommit: { reports.append($0) })
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<4 {
                group.addTask {
                    for minute in 0..<500 {
                        let timestamp = Fixtures.dayStart + Int64(task * 500 + minute) * 60
                        try writer.submit([
                            .observation(Fixtures.observation(at: timestamp)),
                            .rapidWind(RapidWindRecord(serial: Fixtures.tempest, timestamp: timestamp, speedMetersPerSecond: 1, directionDegrees: 5)),
                            .outbox(OutboxMessage(topic: "t", payload: [1], qos: 1, retain: false, priority: .observation, createdAt: timestamp)),
                        ])
                    }
                }
            }
            try await group.waitForAll()
        }
        try await writer.flush()
        let status = writer.status
        #expect(status.committedThrough == 6_000)
        #expect(status.pendingCount == 0)

        let reader = try Store(path: path)
        #expect(try reader.statistics().rowCounts["observations"] == 2_000)
        #expect(try reader.statistics().rowCounts["rapid_wind"] == 2_000)
        #expect(try reader.outboxDepth().messages == 2_000)

        let all = reports.all
        #expect(all.count >= 1)
        #expect(all.count < 2_000)  // grouped, not one transaction per record
        #expect(all.map(\.sequence) == Array(1...UInt64(all.count)))
        #expect(all.map(\.committedThrough) == all.map(\.committedThrough).sorted())
        let assigned = all.flatMap(\.outboxAssignments).compactMap(\.id)
        #expect(Set(assigned) == Set(try reader.nextOutboxBatch(limit: 10_000).map(\.id)))
        // Each report carries the messages it stored, with their ids, in id order.
        let reported = all.flatMap(\.outboxMessages)
        #expect(reported.map(\.id) == assigned)
        #expect(reported.map(\.id) == reported.map(\.id).sorted())
        #expect(reported == (try reader.nextOutboxBatch(limit: 10_000)))
        writer.shutdown()
    }

    @Test("an item is committed and then synced to stable storage without flush")
    func commitsAndSyncsWithoutFlush() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("delay.sqlite")
        let writer = try StoreWriter(path: path, logger: LogCapture().logger())
        let submission = try writer.submit(.observation(Fixtures.observation(at: Fixtures.dayStart)))
        #expect(eventually { writer.status.committedThrough >= submission })
        #expect(eventually { writer.status.syncedThrough >= submission })
        let reader = try Store(path: path)
        #expect(try reader.observations(serial: Fixtures.tempest, from: 0, to: .max).count == 1)
        writer.shutdown()
    }

    @Test("an item that finds the writer idle commits at once; items close behind a commit wait for company")
    func idleCommitsAtOnce() async throws {
        let directory = try TemporaryDirectory()
        var configuration = StoreWriterConfiguration()
        configuration.maximumBatchDelaySeconds = 30
        let reports = ReportLog()
        let writer = try StoreWriter(
            path: directory.file("idle.sqlite"), configuration: configuration, logger: LogCapture().logger(),
            onCommit: { reports.append($0) })
        let first = try writer.submit(.observation(Fixtures.observation(at: Fixtures.dayStart)))
        // Far sooner than the 30 s batch delay.
        #expect(eventually(seconds: 10) { writer.status.committedThrough >= first })
        try writer.submit(.observation(Fixtures.observation(at: Fixtures.dayStart + 60)))
        try writer.submit(.observation(Fixtures.observation(at: Fixtures.dayStart + 120)))
        usleep(300_000)
        #expect(writer.status.pendingCount == 2)  // waiting for company
        try await writer.flush()
        #expect(reports.all.map(\.itemCount) == [1, 2])
        writer.shutdown()
    }

    @Test("the first commit after a quiet spell syncs the log at once; one close behind it waits for the interval")
    func firstCommitSyncsAtOnce() async throws {
        let directory = try TemporaryDirectory()
        var configuration = StoreWriterConfiguration()
        configuration.logSyncIntervalSeconds = 600
        let writer = try StoreWriter(path: directory.file("sync.sqlite"), configuration: configuration, logger: LogCapture().logger())
        let first = try writer.submit(.observation(Fixtures.observation(at: Fixtures.dayStart)))
        try await writer.flush()
        // Far sooner than the 600 s interval.
        #expect(eventually { writer.status.syncedThrough >= first })
        let second = try writer.submit(.observation(Fixtures.observation(at: Fixtures.dayStart + 60)))
        try await writer.flush()
        usleep(200_000)
        #expect(writer.status.syncedThrough < second)  // at most one sync per interval
        writer.shutdown()
        #expect(writer.status.syncedThrough >= second)  // and the last at the stop
    }

    @Test("acknowledged outbox rows are deleted with the next commit, on their own once due, and at shutdown")
    func acknowledgementsRideAlong() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("acks.sqlite")
        func message(_ index: Int64) -> StoreWrite {
            .outbox(OutboxMessage(topic: "t", payload: [UInt8(index)], qos: 1, retain: false, priority: .event, createdAt: index))
        }
        func writer(delaySeconds: Double, reports: ReportLog) throws -> StoreWriter {
            var configuration = StoreWriterConfiguration()
            configuration.acknowledgementDelaySeconds = delaySeconds
            return try StoreWriter(
                path: path, configuration: configuration, logger: LogCapture().logger(), onCommit: { reports.append($0) })
        }
        // Once due: a transaction of its own, with no item in it.
        let reports = ReportLog()
        let prompt = try writer(delaySeconds: 0.2, reports: reports)
        try prompt.submit(message(1))
        try await prompt.flush()
        try prompt.submit(.acknowledgeOutbox([try #require(reports.all.last?.outboxAssignments.first?.id)]))
        #expect(eventually { reports.all.count == 2 })
        #expect(reports.all.last.map { [$0.itemCount, $0.acknowledgedCount, $0.outboxDepth ?? -1] } == [0, 1, 0])
        prompt.shutdown()

        // With the next commit, which deletes it in the same transaction.
        let later = ReportLog()
        let patient = try writer(delaySeconds: 600, reports: later)
        try patient.submit(message(2))
        try await patient.flush()
        try patient.submit(.acknowledgeOutbox([try #require(later.all.last?.outboxAssignments.first?.id)]))
        usleep(300_000)
        #expect(later.all.count == 1)  // no transaction for the acknowledgement alone
        #expect(patient.waitingAcknowledgementCount == 1)
        try patient.submit(message(3))
        try await patient.flush()
        #expect(later.all.map(\.acknowledgedCount) == [0, 1])
        #expect(later.all.last?.outboxDepth == 1)
        #expect(patient.waitingAcknowledgementCount == 0)
        // At shutdown, whatever is still acknowledged and waiting.
        try patient.submit(.acknowledgeOutbox([try #require(later.all.last?.outboxAssignments.first?.id)]))
        patient.shutdown()
        #expect(later.all.count == 3)
        #expect(try Store(path: path).outboxDepth().messages == 0)
    }

    @Test("duplicates through the writer are idempotent, and acknowledgements remove outbox rows")
    func duplicatesAndAcknowledgements() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("dupes.sqlite")
        let reports = ReportLog()
        let writer = try StoreWriter(path: path, logger: LogCapture().logger(), onCommit: { reports.append($0) })
        let observation = Fixtures.observation(at: Fixtures.dayStart)
        try writer.submit([.observation(observation), .observation(observation), .outbox(OutboxMessage(topic: "a", payload: [1], qos: 1, retain: false, priority: .event, createdAt: 1))])
        try await writer.flush()
        let id = try #require(reports.all.flatMap(\.outboxAssignments).first?.id)
        try writer.submit(.acknowledgeOutbox([id]))
        // flush does not force a waiting acknowledgement out; shutdown does.
        try await writer.flush()
        #expect(writer.waitingAcknowledgementCount == 1)
        writer.shutdown()
        let reader = try Store(path: path)
        #expect(try reader.statistics().rowCounts["observations"] == 1)
        #expect(try reader.outboxContains(id: id) == false)
    }

    @Test("disk full: one clear error, records held in memory within the bound, recovery when space returns")
    func diskFullAndRecovery() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("full.sqlite")
        let pages = try Int(#require(try Store(path: path).database.scalarInt("PRAGMA page_count")))
        let logs = LogCapture()
        var configuration = StoreWriterConfiguration()
        configuration.maximumPageCount = pages
        configuration.pendingLimit = 200
        configuration.retryIntervalSeconds = 0.05
        let writer = try StoreWriter(path: path, configuration: configuration, logger: logs.logger())

        try writer.submit((0..<150).map { .observation(Fixtures.observation(at: Fixtures.dayStart + Int64($0) * 60)) })
        #expect(eventually { writer.status.isStorageUnavailable })
        // Retries keep failing for a while; the error is logged once for the episode.
        usleep(300_000)
        #expect(writer.status.lastError?.contains("full") == true)
        #expect(writer.status.pendingCount == 150)

        // 50 rapid-wind samples fill the bound; five more observations push out five of them.
        try writer.submit((0..<50).map { .rapidWind(RapidWindRecord(serial: Fixtures.tempest, timestamp: Fixtures.dayStart + Int64($0) * 3, speedMetersPerSecond: 2, directionDegrees: 90)) })
        try writer.submit((150..<155).map { .observation(Fixtures.observation(at: Fixtures.dayStart + Int64($0) * 60)) })
        // (If a retry had the batch in flight, the drop happens when the batch comes back.)
        #expect(eventually { writer.status.droppedRapidWindCount == 5 && writer.status.pendingCount == 200 })
        // More observations than there is rapid wind to drop: refused, not dropped silently.
        let refused = #expect(throws: StorageError.self) {
            try writer.submit((155..<201).map { .observation(Fixtures.observation(at: Fixtures.dayStart + Int64($0) * 60)) })
        }
        #expect(refused == StorageError.pendingBufferFull(limit: 200))
        #expect(writer.status.refusedCount == 46)

        try await writer.setMaximumPageCount(nil)
        try await writer.flush()
        #expect(writer.status.isStorageUnavailable == false)
        let reader = try Store(path: path)
        #expect(try reader.statistics().rowCounts["observations"] == 155)
        #expect(try reader.statistics().rowCounts["rapid_wind"] == 45)
        #expect(try reader.integrityCheck() == ["ok"])

        let errors = logs.entries.filter { $0.level == .error && $0.message.contains("cannot write the database") }
        #expect(errors.count == 1)
        #expect(errors.first?.metadata.contains("full") == true)
        #expect(logs.entries.contains { $0.level == .notice && $0.message.contains("writable again") })
        writer.shutdown()
    }

    @Test("a read-only database (SQLITE_READONLY) is held through and recovered from")
    func readOnlyAndRecovery() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("readonly.sqlite")
        var configuration = StoreWriterConfiguration()
        configuration.retryIntervalSeconds = 0.05
        let logs = LogCapture()
        let writer = try StoreWriter(path: path, configuration: configuration, logger: logs.logger())
        // `query_only` makes every write fail with SQLITE_READONLY, as a file system remounted read-only would.
        try await writer.perform { store in try store.database.execute("PRAGMA query_only = ON") }
        try writer.submit(.observation(Fixtures.observation(at: Fixtures.dayStart)))
        #expect(eventually { writer.status.isStorageUnavailable })
        #expect(writer.status.lastError?.contains("SQLite error 8") == true)
        #expect(try Store(path: path).statistics().rowCounts["observations"] == 0)

        try await writer.perform { store in try store.database.execute("PRAGMA query_only = OFF") }
        try await writer.flush()
        #expect(writer.status.isStorageUnavailable == false)
        #expect(try Store(path: path).statistics().rowCounts["observations"] == 1)
        #expect(logs.entries.filter { $0.level == .error }.count == 1)
        writer.shutdown()
    }

    @Test("disk full frees space by aggregating the oldest raw rapid wind first")
    func diskFullPrunesRapidWind() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("pressure.sqlite")
        do {
            let store = try Store(path: path)
            try store.write {
                for index in 0..<6_000 {
                    try store.insert(RapidWindRecord(serial: Fixtures.tempest, timestamp: Fixtures.dayStart + Int64(index) * 3, speedMetersPerSecond: 3, directionDegrees: 45))
                }
            }
        }
        let pages = try Int(#require(try Store(path: path).database.scalarInt("PRAGMA page_count")))
        var configuration = StoreWriterConfiguration()
        configuration.maximumPageCount = pages
        configuration.retryIntervalSeconds = 0.05
        let logs = LogCapture()
        let writer = try StoreWriter(path: path, configuration: configuration, logger: logs.logger())
        try writer.submit((0..<300).map { .observation(Fixtures.observation(at: Fixtures.dayStart + Int64($0) * 60)) })
        // Without raising the cap: the space freed from raw rapid wind takes the observations.
        try await writer.flush()
        let reader = try Store(path: path)
        let counts = try reader.statistics().rowCounts
        #expect(counts["observations"] == 300)
        #expect((counts["rapid_wind"] ?? 0) < 6_000)
        #expect((counts["wind_minutes"] ?? 0) > 0)
        #expect(logs.entries.contains { $0.level == .warning && $0.message.contains("oldest raw rapid wind") })
        writer.shutdown()
    }

    @Test("pruneNow and vacuumNow run on the writer between batches")
    func maintenanceEntryPoints() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("maintenance.sqlite")
        var configuration = StoreWriterConfiguration()
        let now = Fixtures.dayStart + 20 * 86_400
        configuration.now = { now }
        let writer = try StoreWriter(path: path, configuration: configuration, logger: LogCapture().logger())
        try writer.submit((0..<3_000).map { .rapidWind(RapidWindRecord(serial: Fixtures.tempest, timestamp: Fixtures.dayStart + Int64($0) * 3, speedMetersPerSecond: 1, directionDegrees: 0)) })
        try await writer.flush()
        let report = try await writer.pruneNow()
        #expect(report.deletedRows["rapid_wind"] == 3_000)
        #expect(report.windMinutesWritten == 150)
        let free = try await writer.vacuumNow()
        #expect(free == 0)
        writer.shutdown()
    }

    @Test("after shutdown nothing more is accepted")
    func shutdownStops() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("stop.sqlite")
        let writer = try StoreWriter(path: path, logger: LogCapture().logger())
        try writer.submit(.rainStart(RainStartRecord(serial: Fixtures.tempest, timestamp: Fixtures.dayStart)))
        writer.shutdown()
        #expect(throws: StorageError.writerStopped) { try writer.submit(.rainStart(RainStartRecord(serial: Fixtures.tempest, timestamp: 1))) }
        await #expect(throws: StorageError.writerStopped) { try await writer.flush() }
        // What was queued before shutdown was committed.
        #expect(try Store(path: path).rainStarts(from: 0, to: .max).count == 1)
    }
}

/// Commit reports collected from the writer thread.
final class ReportLog: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [CommitReport] = []
    func append(_ report: CommitReport) { lock.withLock { reports.append(report) } }
    var all: [CommitReport] { lock.withLock { reports } }
}
