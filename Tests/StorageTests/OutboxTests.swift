// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

@testable import Storage
import TempestTestKit
import Testing

@Suite("Outbox")
struct OutboxTests {
    private func message(_ topic: String, _ text: String, priority: OutboxMessage.Priority, at time: Int64 = 0) -> OutboxMessage {
        OutboxMessage(topic: topic, payload: Array(text.utf8), qos: 1, retain: priority == .state, priority: priority, createdAt: time)
    }

    @Test("messages come back in enqueue order per topic and leave when acknowledged")
    func orderAndAcknowledge() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("outbox.sqlite"))
        let ids = try store.write {
            try (0..<6).map { index in
                try store.enqueue(message(index.isMultiple(of: 2) ? "a" : "b", "m\(index)", priority: .observation, at: Int64(index))).id!
            }
        }
        #expect(ids == ids.sorted())
        let batch = try store.nextOutboxBatch(limit: 4)
        #expect(batch.map { String(decoding: $0.payload, as: UTF8.self) } == ["m0", "m1", "m2", "m3"])
        #expect(batch.filter { $0.topic == "a" }.map(\.createdAt) == [0, 2])
        #expect(batch.first?.qos == 1)
        #expect(try store.nextOutboxBatch(afterID: ids[3], limit: 10).map(\.id) == [ids[4], ids[5]])

        #expect(try store.outboxDepth() == OutboxDepth(messages: 6, bytes: 12))
        let removed = try store.write { try store.acknowledge([ids[0], ids[2], 999_999]) }
        #expect(removed == 2)
        #expect(try store.outboxDepth() == OutboxDepth(messages: 4, bytes: 8))
        #expect(try store.nextOutboxBatch(limit: 10).map(\.id) == [ids[1], ids[3], ids[4], ids[5]])
    }

    @Test("ids only grow: after the outbox empties, and beside another connection's messages")
    func idsOnlyGrow() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("ids.sqlite")
        let store = try Store(path: path)
        let first = try store.write { try store.enqueue(message("a", "m0", priority: .event)).id! }
        try store.write { _ = try store.acknowledge([first]) }
        // Empty now: SQLite's own choice of rowid would start again at 1.
        let second = try store.write { try store.enqueue(message("a", "m1", priority: .event)).id! }
        #expect(second > first)
        #expect(try store.nextOutboxBatch(afterID: first, limit: 10).map(\.id) == [second])

        let other = try Store(path: path)
        let fromOther = try other.write { try other.enqueue(message("b", "n0", priority: .event)).id! }
        #expect(fromOther > second)
        let third = try store.write { try store.enqueue(message("a", "m2", priority: .event)).id! }
        #expect(third > fromOther)
        #expect(try store.nextOutboxBatch(limit: 10).map(\.id) == [second, fromOther, third])
    }

    @Test("enqueueing writes no sqlite_sequence row: no extra page per commit")
    func noSequenceRow() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("sequence.sqlite"))
        try store.write { _ = try store.enqueue(message("a", "m0", priority: .event)) }
        let sequenceTables = try store.database.strings("SELECT name FROM sqlite_master WHERE name = 'sqlite_sequence'")
        let rows = sequenceTables.isEmpty ? 0 : try store.database.scalarInt("SELECT count(*) FROM sqlite_sequence") ?? 0
        #expect(rows == 0)
    }

    @Test("a full outbox whose oldest messages are observations is not read again for every rapid-wind message shed")
    func shedSearchStartsWhereTheLastEnded() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("search.sqlite"))
        let head = 2_000
        let limits = OutboxLimits(maximumMessages: head + 1, maximumBytes: 1 << 20)
        try store.write {
            for index in 0..<head { try store.enqueue(message("obs", "o\(index)", priority: .observation), limits: limits) }
            try store.enqueue(message("wind", "w0", priority: .rapidWind), limits: limits)
        }
        // Each new rapid-wind message sheds the one before it, behind the 2,000 observations.
        let rounds = 200
        for index in 1...rounds {
            let result = try store.write { try store.enqueue(message("wind", "w\(index)", priority: .rapidWind), limits: limits) }
            #expect(result.shedCount == 1 && result.id != nil)
        }
        let tail = try store.nextOutboxBatch(limit: head + 10).suffix(2).map { String(decoding: $0.payload, as: UTF8.self) }
        #expect(tail == ["o\(head - 1)", "w\(rounds)"])
        // Steps of SQLite's virtual machine in the search: a search from the
        // start would pass the 2,000 observations each time (millions).
        let steps = try store.database.statement(Store.oldestRapidWindSQL).virtualMachineSteps
        #expect(steps < 100 * rounds, "\(steps) steps for \(rounds) searches")

        // With no rapid wind left, a search finds none, and the next starts
        // past everything it read. A new connection starts from the beginning.
        try store.write { _ = try store.acknowledge(try store.nextOutboxBatch(limit: head + 10).suffix(1).map(\.id)) }
        let reopened = try Store(path: directory.file("search.sqlite"))
        try reopened.write { try reopened.enqueue(message("obs", "last", priority: .observation), limits: limits) }
        let late = try reopened.write { try reopened.enqueue(message("wind", "late", priority: .rapidWind), limits: limits) }
        #expect(late.id == nil && late.shedCount == 1)
        let firstSearch = try reopened.database.statement(Store.oldestRapidWindSQL).virtualMachineSteps
        #expect(firstSearch > head, "the first search read every message: \(firstSearch) steps")
        let later = try reopened.write { try reopened.enqueue(message("wind", "later", priority: .rapidWind), limits: limits) }
        #expect(later.id == nil && later.shedCount == 1)
        let secondSearch = try reopened.database.statement(Store.oldestRapidWindSQL).virtualMachineSteps - firstSearch
        #expect(secondSearch < 100, "the second search read them again: \(secondSearch) steps")
    }

    @Test("the outbox is counted from its rows once, and again only after another connection commits")
    func countsOnceUntilAnotherConnectionCommits() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("count.sqlite")
        let store = try Store(path: path)
        var ids: [Int64] = []
        for index in 0..<5 {
            ids.append(try store.write { try store.enqueue(message("t", "m\(index)", priority: .observation)).id! })
        }
        try store.write { try store.acknowledge([ids[0]]) }
        #expect(try store.outboxDepth() == OutboxDepth(messages: 4, bytes: 8))
        #expect(store.outboxCountScans == 1)

        let other = try Store(path: path)
        try other.write { try other.enqueue(message("t", "other", priority: .observation)) }
        #expect(try store.outboxDepth() == OutboxDepth(messages: 5, bytes: 13))
        #expect(store.outboxCountScans == 2)
        try store.write { try store.enqueue(message("t", "m5", priority: .observation)) }
        #expect(try store.outboxDepth() == OutboxDepth(messages: 6, bytes: 15))
        #expect(store.outboxCountScans == 2)

        // Another commit noticed inside a transaction of this connection, too.
        try other.write { try other.enqueue(message("t", "x", priority: .observation)) }
        try store.write { try store.enqueue(message("t", "m6", priority: .observation)) }
        #expect(store.outboxCountScans == 3)
        #expect(try store.outboxDepth() == OutboxDepth(messages: 8, bytes: 18))
        #expect(store.outboxCountScans == 3)
    }

    @Test("above the bound the oldest rapid-wind messages are shed first, and counted")
    func shedsRapidWindFirst() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("shed.sqlite"))
        let limits = OutboxLimits(maximumMessages: 4, maximumBytes: 1_000)
        try store.write {
            try store.enqueue(message("wind", "w1", priority: .rapidWind), limits: limits)
            try store.enqueue(message("obs", "o1", priority: .observation), limits: limits)
            try store.enqueue(message("wind", "w2", priority: .rapidWind), limits: limits)
            try store.enqueue(message("evt", "e1", priority: .event), limits: limits)
        }
        let result = try store.write { try store.enqueue(message("obs", "o2", priority: .observation), limits: limits) }
        #expect(result.shedCount == 1)
        #expect(result.id != nil)
        let payloads = try store.nextOutboxBatch(limit: 10).map { String(decoding: $0.payload, as: UTF8.self) }
        #expect(payloads == ["o1", "w2", "e1", "o2"])
    }

    @Test("observations and events are refused with a clear error when nothing can be shed")
    func refusesWhenFull() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("full.sqlite"))
        let limits = OutboxLimits(maximumMessages: 2, maximumBytes: 1_000)
        try store.write {
            try store.enqueue(message("obs", "o1", priority: .observation), limits: limits)
            try store.enqueue(message("evt", "e1", priority: .event), limits: limits)
        }
        let error = #expect(throws: StorageError.self) {
            try store.write { try store.enqueue(message("state", "s1", priority: .state), limits: limits) }
        }
        #expect(error == StorageError.outboxFull(depth: 2, limit: 2))
        #expect(error?.description.contains("refused") == true)
        // A rapid-wind message is itself shed rather than refused.
        let shed = try store.write { try store.enqueue(message("wind", "w", priority: .rapidWind), limits: limits) }
        #expect(shed.id == nil)
        #expect(shed.shedCount == 1)
        #expect(try store.outboxDepth().messages == 2)
    }

    @Test("the byte bound counts payload bytes")
    func byteBound() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("bytes.sqlite"))
        let limits = OutboxLimits(maximumMessages: 100, maximumBytes: 10)
        try store.write { try store.enqueue(message("w", "123456", priority: .rapidWind), limits: limits) }
        let result = try store.write { try store.enqueue(message("o", "abcdef", priority: .observation), limits: limits) }
        #expect(result.shedCount == 1)
        #expect(try store.outboxDepth() == OutboxDepth(messages: 1, bytes: 6))
    }
}
