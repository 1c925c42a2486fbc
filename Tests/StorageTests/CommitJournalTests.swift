// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Storage
import TempestTestKit
import Testing

@Suite("Commits as one stream: observers, notices, the commit journal and sink cursors")
struct CommitJournalTests {
    private static func journaling() -> StoreWriterConfiguration {
        var configuration = StoreWriterConfiguration()
        configuration.keepsCommitJournal = true
        configuration.maximumBatchDelaySeconds = 0.01
        configuration.pruneIntervalSeconds = nil
        return configuration
    }

    @Test("every observer the writer was made with is told of each commit, with the notices of its submissions in order")
    func observersGetNoticesInOrder() async throws {
        let directory = try TemporaryDirectory()
        let first = ReportLog()
        let second = ReportLog()
        let writer = try StoreWriter(
            path: directory.file("notices.sqlite"), logger: LogCapture().logger(),
            observers: [CommitCallback { first.append($0) }, CommitCallback { second.append($0) }])
        for minute in 0..<5 {
            try writer.submit(
                [.observation(Fixtures.observation(at: Fixtures.dayStart + Int64(minute) * 60))], notice: CommitNotice(minute))
        }
        // A notice with nothing to store still comes after a commit.
        try writer.submit([], notice: CommitNotice(99))
        try await writer.flush()
        writer.shutdown()
        let told = first.all.flatMap(\.notices).compactMap { $0.value as? Int }
        #expect(told == [0, 1, 2, 3, 4, 99])
        #expect(second.all.map(\.sequence) == first.all.map(\.sequence))
        #expect(first.all.map(\.sequence) == Array(1...UInt64(first.all.count)))
    }

    @Test("submissions made to the inbox before its writer exists are committed once the writer starts")
    func inboxBeforeWriter() async throws {
        let directory = try TemporaryDirectory()
        let inbox = StoreInbox(configuration: Self.journaling(), logger: LogCapture().logger())
        try inbox.submit([.observation(Fixtures.observation(at: Fixtures.dayStart))], notice: CommitNotice("early"))
        let reports = ReportLog()
        let writer = try StoreWriter(path: directory.file("inbox.sqlite"), inbox: inbox, observers: [CommitCallback { reports.append($0) }])
        try await inbox.flush()
        writer.shutdown()
        #expect(reports.all.flatMap(\.notices).compactMap { $0.value as? String } == ["early"])
        #expect(try Store(path: directory.file("inbox.sqlite")).journalCount() == 1)
    }

    @Test("the journal lists each fact once, in commit order; repeats and rapid wind are not listed")
    func journalListsFactsOnce() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("journal.sqlite")
        let reports = ReportLog()
        let writer = try StoreWriter(
            path: path, configuration: Self.journaling(), logger: LogCapture().logger(), observers: [CommitCallback { reports.append($0) }])
        let cursor = try await writer.perform { store in try store.openSinkCursor(named: "test", now: 0) }
        #expect(cursor == 0)
        try writer.submit([.observation(Fixtures.observation(at: Fixtures.dayStart + 60))])
        try writer.submit([
            .observation(Fixtures.observation(at: Fixtures.dayStart + 60)),  // a repeat
            .rapidWind(RapidWindRecord(serial: Fixtures.tempest, timestamp: Fixtures.dayStart + 61, speedMetersPerSecond: 1, directionDegrees: 5)),
            .lightningStrike(LightningStrikeRecord(serial: Fixtures.tempest, timestamp: Fixtures.dayStart + 62, distanceKilometers: 12, energy: 300)),
            .rainStart(RainStartRecord(serial: Fixtures.tempest, timestamp: Fixtures.dayStart + 63)),
            .observation(Fixtures.observation(at: Fixtures.dayStart + 120)),
        ])
        try await writer.flush()
        writer.shutdown()
        let entries = try Store(path: path).journalEntries(after: 0, limit: 100)
        #expect(entries.map(\.kind) == [.observation, .lightningStrike, .rainStart, .observation])
        #expect(entries.map(\.timestamp) == [60, 62, 63, 120].map { Fixtures.dayStart + $0 })
        #expect(entries.allSatisfy { $0.serial == Fixtures.tempest })
        #expect(entries.map(\.id) == entries.map(\.id).sorted())
        // Each commit says how far the journal reaches.
        #expect(reports.all.last?.journalThrough == entries.last?.id)
    }

    @Test("a writer that keeps no journal lists nothing and reports no journal position")
    func noJournalByDefault() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("plain.sqlite")
        let reports = ReportLog()
        let writer = try StoreWriter(path: path, logger: LogCapture().logger(), onCommit: { reports.append($0) })
        try writer.submit([.observation(Fixtures.observation(at: Fixtures.dayStart))])
        try await writer.flush()
        writer.shutdown()
        #expect(try Store(path: path).journalCount() == 0)
        #expect(reports.all.allSatisfy { $0.journalThrough == nil })
    }

    @Test("cursors survive a restart, never move back, and the journal is pruned up to the slowest one")
    func cursorsResumeAndPrune() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("cursors.sqlite")
        do {
            let writer = try StoreWriter(path: path, configuration: Self.journaling(), logger: LogCapture().logger())
            _ = try await writer.perform { store in
                (try store.openSinkCursor(named: "fast", now: 0), try store.openSinkCursor(named: "slow", now: 0))
            }
            for minute in 1...6 {
                try writer.submit([.observation(Fixtures.observation(at: Fixtures.dayStart + Int64(minute) * 60))])
            }
            try await writer.flush()
            let ids = try await writer.perform { store in try store.journalEntries(after: 0, limit: 10).map(\.id) }
            #expect(ids.count == 6)
            try writer.submit(.sinkCursor(name: "fast", position: ids[5], at: 1))
            try writer.submit(.sinkCursor(name: "slow", position: ids[1], at: 1))
            try writer.submit(.sinkCursor(name: "slow", position: ids[0], at: 2))  // behind: ignored
            try await writer.flush()
            writer.shutdown()
            let store = try Store(path: path)
            #expect(try store.sinkCursor(named: "fast") == ids[5])
            #expect(try store.sinkCursor(named: "slow") == ids[1])
            // What the slow sink still has to deliver is kept, the rest pruned.
            #expect(try store.journalEntries(after: 0, limit: 10).map(\.id) == Array(ids[2...]))
        }
        // After a restart the slow sink resumes where it stopped; once the
        // only sink left is the fast one, the journal empties.
        let writer = try StoreWriter(path: path, configuration: Self.journaling(), logger: LogCapture().logger())
        let resumed = try await writer.perform { store in try store.openSinkCursor(named: "slow", now: 3) }
        let remaining = try await writer.perform { store in try store.journalEntries(after: resumed, limit: 10).count }
        #expect(remaining == 4)
        let dropped = try await writer.perform { store in try store.dropSinkCursors(keeping: ["fast"]) }
        #expect(dropped == 1)
        #expect(try await writer.perform { store in try store.journalCount() } == 0)
        writer.shutdown()
    }

    @Test("a new sink starts at the journal's end, even when every entry was pruned")
    func newCursorStartsAtEnd() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("end.sqlite")
        let writer = try StoreWriter(path: path, configuration: Self.journaling(), logger: LogCapture().logger())
        for minute in 1...3 {
            try writer.submit([.observation(Fixtures.observation(at: Fixtures.dayStart + Int64(minute) * 60))])
        }
        try await writer.flush()
        // No sink keeps a cursor: the journal is pruned by the first cursor write.
        _ = try await writer.perform { store in try store.dropSinkCursors(keeping: []) }
        let start = try await writer.perform { store in try store.openSinkCursor(named: "late", now: 0) }
        #expect(start == 3)
        try writer.submit([.observation(Fixtures.observation(at: Fixtures.dayStart + 240))])
        try await writer.flush()
        let next = try await writer.perform { store in try store.journalEntries(after: start, limit: 10) }
        #expect(next.map(\.id) == [4])
        writer.shutdown()
    }
}
