// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Glibc
import GatewayCore
import Pipeline
import Storage
import Synchronization
import TempestTestKit
import Testing

/// A sink with its own position, in process: a recording destination that
/// can be taken away, a real store, and the writer that tells the sink of
/// its commits as `run` builds them.
@Suite struct CursorSinkTests {
    /// A destination that records what it accepts, and refuses while `down`.
    final class Recorder: CursorDestination {
        struct Down: Error, CustomStringConvertible {
            var description: String { "the destination is down" }
        }
        private let accepted = Mutex<[Int64]>([])
        private let backfilled = Mutex<[Int64]>([])
        private let isDown = Atomic<Bool>(false)
        private let hangs = Atomic<Bool>(false)
        private let cancelledHangs = Atomic<Int>(0)
        /// Makes every delivery wait (until cancelled, or 60 s), as a database that never answers.
        func setHanging(_ hanging: Bool) { hangs.store(hanging, ordering: .relaxed) }
        /// Hanging deliveries that ended by cancellation.
        var cancelledHangCount: Int { cancelledHangs.load(ordering: .relaxed) }

        var timestamps: [Int64] { accepted.withLock { $0 } }
        /// What backfills delivered, in order.
        var backfilledTimestamps: [Int64] { backfilled.withLock { $0 } }
        func setDown(_ down: Bool) { isDown.store(down, ordering: .relaxed) }

        func deliver(_ entries: [JournalEntry], from store: Store) async throws {
            if hangs.load(ordering: .relaxed) {
                do {
                    try await Task.sleep(for: .seconds(60))
                } catch {
                    cancelledHangs.add(1, ordering: .relaxed)
                    throw error
                }
            }
            guard !isDown.load(ordering: .relaxed) else { throw Down() }
            // Read the committed rows themselves, as a real destination does.
            let rows = try entries.map { entry in
                try #require(store.observations(serial: entry.serial, from: entry.timestamp, to: entry.timestamp + 1).first)
            }
            accepted.withLock { $0 += rows.map(\.timestamp) }
        }

        func deliverStored(_ times: Range<Int64>, from store: Store) async throws {
            guard !isDown.load(ordering: .relaxed) else { throw Down() }
            let rows = try store.observations(serial: CursorSinkTests.serial, from: times.lowerBound, to: times.upperBound)
            backfilled.withLock { $0 += rows.map(\.timestamp) }
        }
    }

    static let serial = "ST-00054321"
    static let start: Int64 = 1_720_850_460

    static func observation(_ minute: Int) -> StoreWrite {
        var record = ObservationRecord(serial: serial, timestamp: start + Int64(minute) * 60, kind: .tempest, source: .udp)
        record.airTemperatureCelsius = 20
        return .observation(record)
    }

    /// The inbox, the sink, then the writer that tells it of commits, and the sink's task.
    struct Run {
        let writer: StoreWriter
        let sink: CursorSink
        let task: Task<Void, Never>

        init(path: String, recorder: Recorder, backfillSeconds: Int64 = 0) async throws {
            var configuration = StoreWriterConfiguration()
            configuration.keepsCommitJournal = true
            configuration.maximumBatchDelaySeconds = 0.01
            let inbox = StoreInbox(configuration: configuration)
            sink = CursorSink(
                name: "recorder", inbox: inbox, databasePath: path, destination: recorder, batchSize: 7, backfillSeconds: backfillSeconds,
                retryDelaySeconds: 0.05, maximumRetryDelaySeconds: 0.2)
            writer = try StoreWriter(path: path, inbox: inbox, observers: [sink])
            try await sink.start()
            let sink = self.sink
            task = Task { await sink.run() }
        }

        func stop() async {
            task.cancel()
            await task.value
            await sink.stop()
            writer.shutdown()
        }
    }

    static func waitFor(_ count: Int, in recorder: Recorder) async throws {
        for _ in 0..<1_000 where recorder.timestamps.count < count { try await Task.sleep(nanoseconds: 10_000_000) }
    }

    @Test func deliversEveryCommittedFactOnceAndResumesAfterAnOutageAndARestart() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("cursor.db")
        let recorder = Recorder()
        let first = try await Run(path: path, recorder: recorder)
        for minute in 0..<10 { try first.writer.submit([Self.observation(minute)]) }
        try await first.writer.flush()
        try await Self.waitFor(10, in: recorder)
        #expect(recorder.timestamps == (0..<10).map { Self.start + Int64($0) * 60 })

        // The destination goes away: facts wait in the journal, nothing is skipped.
        recorder.setDown(true)
        for minute in 10..<25 { try first.writer.submit([Self.observation(minute)]) }
        try await first.writer.flush()
        try await Task.sleep(nanoseconds: 200_000_000)
        #expect(recorder.timestamps.count == 10)
        #expect(first.sink.status.lastError == "the destination is down")
        #expect(first.sink.lag == 15)
        recorder.setDown(false)
        try await Self.waitFor(25, in: recorder)
        #expect(recorder.timestamps == (0..<25).map { Self.start + Int64($0) * 60 })
        await first.stop()

        // Stored while the gateway was stopped (another writer), then a restart: only the new ones.
        do {
            var configuration = StoreWriterConfiguration()
            configuration.keepsCommitJournal = true
            let offline = try StoreWriter(path: path, configuration: configuration)
            for minute in 25..<30 { try offline.submit([Self.observation(minute)]) }
            try await offline.flush()
            offline.shutdown()
        }
        let second = try await Run(path: path, recorder: recorder)
        try second.writer.submit([Self.observation(30)])
        try await second.writer.flush()
        try await Self.waitFor(31, in: recorder)
        #expect(recorder.timestamps == (0...30).map { Self.start + Int64($0) * 60 })
        await second.stop()
        // Everything delivered: the journal is pruned up to the cursor.
        #expect(try Store(path: path).journalCount() == 0)
    }

    @Test("a sink first configured with a backfill delivers what the store held for that long, a day at a time, once; then the journal")
    func backfillOnceThenJournal() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("backfill.db")
        let now = Int64(time(nil))
        // Stored before the sink existed: 3 days ago (outside), 30 and 10 hours ago (inside a 2-day backfill).
        let before: [Int64] = [now - 3 * 86_400, now - 30 * 3_600, now - 10 * 3_600]
        do {
            let offline = try StoreWriter(path: path)
            for timestamp in before {
                var record = ObservationRecord(serial: Self.serial, timestamp: timestamp, kind: .tempest, source: .udp)
                record.airTemperatureCelsius = 10
                try offline.submit([.observation(record)])
            }
            try await offline.flush()
            offline.shutdown()
        }
        let recorder = Recorder()
        recorder.setDown(true)
        let first = try await Run(path: path, recorder: recorder, backfillSeconds: 2 * 86_400)
        // The destination is down: the backfill waits, and the status says it is owed.
        try await Task.sleep(nanoseconds: 150_000_000)
        #expect(first.sink.status.isBackfilling)
        #expect(recorder.backfilledTimestamps.isEmpty)
        recorder.setDown(false)
        for _ in 0..<500 where first.sink.status.isBackfilling { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(recorder.backfilledTimestamps == Array(before.dropFirst()))
        var live = ObservationRecord(serial: Self.serial, timestamp: now, kind: .tempest, source: .udp)
        live.airTemperatureCelsius = 11
        try first.writer.submit([.observation(live)])
        try await first.writer.flush()
        try await Self.waitFor(1, in: recorder)
        #expect(recorder.timestamps == [now])
        await first.stop()

        // A restart owes no backfill any more.
        let second = try await Run(path: path, recorder: recorder, backfillSeconds: 2 * 86_400)
        try await Task.sleep(nanoseconds: 150_000_000)
        #expect(!second.sink.status.isBackfilling)
        #expect(recorder.backfilledTimestamps == Array(before.dropFirst()))
        await second.stop()
    }

    @Test("stopping does not wait for a destination that never answers: one last try, bounded; the facts wait for the next start")
    func stopIsBounded() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("hang.db")
        let recorder = Recorder()
        recorder.setHanging(true)
        let run = try await Run(path: path, recorder: recorder)
        try run.writer.submit([Self.observation(0)])
        try await run.writer.flush()
        run.task.cancel()
        await run.task.value
        // The last try is given up after CursorSink.stopSeconds, not waited out (60 s).
        let cancelledBefore = recorder.cancelledHangCount
        await run.sink.stop()
        #expect(recorder.cancelledHangCount == cancelledBefore + 1)
        run.writer.shutdown()
        #expect(recorder.timestamps.isEmpty)
        // Still in the journal, after the cursor: the next start delivers it.
        let store = try Store(path: path)
        #expect(try store.journalEntries(after: try store.sinkCursor(named: "recorder") ?? 0, limit: 10).count == 1)
    }
}
