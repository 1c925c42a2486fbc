// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

extension Store {
    /// Adds `message` to the outbox. When the outbox is at its limits the
    /// oldest rapid-wind messages are deleted (and counted); when nothing can
    /// be shed, a rapid-wind message is itself shed and any other is refused.
    ///
    /// - Throws: `StorageError.outboxFull` for a non-shedable message that does not fit.
    @discardableResult
    public func enqueue(_ message: OutboxMessage, limits: OutboxLimits = OutboxLimits()) throws -> OutboxEnqueueResult {
        var counters = try currentOutboxCounters()
        var shed = 0
        func fits(_ counters: OutboxCounters) -> Bool {
            counters.depth + 1 <= limits.maximumMessages && counters.bytes + message.payload.count <= limits.maximumBytes
        }
        while !fits(counters) {
            guard let oldest = try oldestRapidWindMessage() else { break }
            try database.run("DELETE FROM outbox WHERE id = ?") { try $0.bind(oldest.id, at: 0) }
            counters.depth -= 1
            counters.bytes -= oldest.bytes
            shed += 1
        }
        guard fits(counters) else {
            outboxCounters = counters
            if message.priority == .rapidWind {
                return OutboxEnqueueResult(id: nil, shedCount: shed + 1)
            }
            throw StorageError.outboxFull(depth: counters.depth, limit: limits.maximumMessages)
        }
        let id = try nextOutboxID()
        try database.run(
            "INSERT INTO outbox (id, topic, payload, qos, retain, priority, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)"
        ) { s in
            try s.bind(id, at: 0)
            try s.bind(message.topic, at: 1)
            try s.bind(message.payload, at: 2)
            try s.bind(message.qos, at: 3)
            try s.bind(message.retain, at: 4)
            try s.bind(message.priority.rawValue, at: 5)
            try s.bind(message.createdAt, at: 6)
        }
        outboxHighestID = id
        counters.depth += 1
        counters.bytes += message.payload.count
        outboxCounters = counters
        return OutboxEnqueueResult(id: id, shedCount: shed)
    }

    /// The id for the next message: above every id in the table and every id
    /// this connection handed out before, so that ids only grow, even after
    /// the outbox emptied (a reader's `nextOutboxBatch(afterID:)` cursor
    /// relies on it; SQLite's own choice would start again at 1). The table's
    /// highest id is read once, and again after another connection commits.
    private func nextOutboxID() throws -> Int64 {
        if !outboxHighestIDKnown {
            let stored = try database.scalarInt("SELECT coalesce(max(id), 0) FROM outbox") ?? 0
            outboxHighestID = max(outboxHighestID, stored)
            outboxHighestIDKnown = true
        }
        return outboxHighestID + 1
    }

    /// Up to `limit` waiting messages with ids above `afterID`, in id order
    /// (so each topic's messages come in the order they were enqueued).
    public func nextOutboxBatch(afterID: Int64 = 0, limit: Int) throws -> [OutboxMessage] {
        let statement = try database.statement(
            """
            SELECT id, topic, payload, qos, retain, priority, created_at FROM outbox
            WHERE id > ? ORDER BY id LIMIT ?
            """)
        defer { statement.reset() }
        try statement.bind(afterID, at: 0)
        try statement.bind(limit, at: 1)
        var messages: [OutboxMessage] = []
        while try statement.step() {
            messages.append(
                OutboxMessage(
                    id: statement.int64(0) ?? 0, topic: statement.string(1) ?? "", payload: statement.bytes(2) ?? [],
                    qos: statement.int(3) ?? 0, retain: (statement.int(4) ?? 0) != 0,
                    priority: OutboxMessage.Priority(rawValue: statement.int64(5) ?? 0) ?? .state,
                    createdAt: statement.int64(6) ?? 0))
        }
        return messages
    }

    /// Removes delivered messages; unknown ids are ignored. Returns how many were removed.
    ///
    /// The size is read apart from the deletion: a `DELETE … RETURNING` is
    /// run by SQLite as a trigger, so each one opened a statement journal
    /// whose 64 KiB buffer was allocated and freed again, growing and
    /// trimming the heap with two `brk` calls per acknowledged message.
    @discardableResult
    public func acknowledge(_ ids: [Int64]) throws -> Int {
        var counters = try currentOutboxCounters()
        var removed = 0
        for id in ids {
            guard let bytes = try database.scalarInt("SELECT coalesce(length(payload), 0) FROM outbox WHERE id = ?", { try $0.bind(id, at: 0) })
            else { continue }
            try database.run("DELETE FROM outbox WHERE id = ?") { try $0.bind(id, at: 0) }
            counters.depth -= 1
            counters.bytes -= Int(bytes)
            removed += 1
        }
        outboxCounters = counters
        return removed
    }

    /// How many messages wait and their payload bytes.
    public func outboxDepth() throws -> OutboxDepth {
        let counters = try currentOutboxCounters()
        return OutboxDepth(messages: counters.depth, bytes: counters.bytes)
    }

    /// The outbox depth in messages when this connection keeps it current
    /// (after an `enqueue`, `acknowledge` or `outboxDepth` of its own and no
    /// other connection's commit since); nil rather than counting.
    public var knownOutboxDepth: Int? {
        outboxCounters?.depth
    }

    /// Whether the message `id` is still waiting.
    public func outboxContains(id: Int64) throws -> Bool {
        try database.scalarInt("SELECT count(*) FROM outbox WHERE id = ?") { try $0.bind(id, at: 0) } == 1
    }

    /// Forgets the outbox counters when another connection committed since
    /// they were counted. `write` asks once per transaction (nobody else can
    /// commit while it holds the write lock); outside one, every read asks.
    func forgetOutboxCountersIfStale() throws {
        let dataVersion = try database.dataVersion()
        guard dataVersion != outboxCountersDataVersion else { return }
        forgetOutboxState()
        outboxCountersDataVersion = dataVersion
    }

    /// Forgets what this connection knows of the outbox (its counters, its
    /// highest id, where rapid wind starts): counted or read again when next
    /// needed. After another connection's commit, or a rollback.
    func forgetOutboxState() {
        outboxCounters = nil
        outboxHighestIDKnown = false
        outboxRapidWindSearchFrom = 0
    }

    /// The outbox's depth and bytes: counted from its rows (which reads every
    /// waiting message) only when this connection has no count yet or another
    /// connection committed since; otherwise kept current by `enqueue` and
    /// `acknowledge`. Counting on every transaction made a burst quadratic:
    /// with thousands of messages waiting, each commit read all of them.
    func currentOutboxCounters() throws -> OutboxCounters {
        if !database.isInTransaction { try forgetOutboxCountersIfStale() }
        if let outboxCounters { return outboxCounters }
        outboxCountScans += 1
        let statement = try database.statement("SELECT count(*), coalesce(sum(length(payload)), 0) FROM outbox")
        defer { statement.reset() }
        _ = try statement.step()
        let counters = OutboxCounters(depth: statement.int(0) ?? 0, bytes: statement.int(1) ?? 0)
        outboxCounters = counters
        return counters
    }

    /// The oldest rapid-wind message: searched by id from where the last
    /// search ended (`outboxRapidWindSearchFrom`), so that a full outbox whose
    /// oldest messages are all observations and events is not read again for
    /// every message shed. Ids only grow, so no rapid-wind message can appear
    /// below that point.
    static let oldestRapidWindSQL = """
        SELECT id, length(payload) FROM outbox
        WHERE id >= ? AND priority = \(OutboxMessage.Priority.rapidWind.rawValue) ORDER BY id LIMIT 1
        """

    private func oldestRapidWindMessage() throws -> (id: Int64, bytes: Int)? {
        let statement = try database.statement(Self.oldestRapidWindSQL)
        defer { statement.reset() }
        try statement.bind(outboxRapidWindSearchFrom, at: 0)
        guard try statement.step(), let id = statement.int64(0) else {
            // None: every message there is now is something else.
            outboxRapidWindSearchFrom = try nextOutboxID()
            return nil
        }
        outboxRapidWindSearchFrom = id
        return (id, statement.int(1) ?? 0)
    }
}
