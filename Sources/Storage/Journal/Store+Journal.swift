// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// The commit journal and the sinks' cursors (schema version 8): a sink
/// that keeps its own position reads the journal after its cursor, delivers,
/// and stores its new cursor through the writer (`StoreWrite.sinkCursor`).
extension Store {
    /// Adds an entry for a fact the open transaction just stored (the
    /// writer calls it when it keeps a journal).
    func appendJournal(_ kind: JournalEntry.Kind, serial: String, timestamp: Int64) throws {
        guard let device = deviceIDs[serial] else { return }
        try database.run("INSERT INTO commit_journal (kind, device_id, timestamp) VALUES (?, ?, ?)") {
            try $0.bind(kind.rawValue, at: 0)
            try $0.bind(device, at: 1)
            try $0.bind(timestamp, at: 2)
        }
    }

    /// The newest journal id ever handed out (0 before the first), which
    /// pruning does not lower.
    public func journalEnd() throws -> Int64 {
        try database.scalarInt("SELECT seq FROM sqlite_sequence WHERE name = 'commit_journal'") ?? 0
    }

    /// Up to `limit` journal entries after `position`, oldest first.
    public func journalEntries(after position: Int64, limit: Int) throws -> [JournalEntry] {
        let statement = try database.statement(
            """
            SELECT j.id, j.kind, d.serial, j.timestamp FROM commit_journal j JOIN devices d ON d.id = j.device_id
            WHERE j.id > ? ORDER BY j.id LIMIT ?
            """)
        defer { statement.reset() }
        try statement.bind(position, at: 0)
        try statement.bind(Int64(limit), at: 1)
        var entries: [JournalEntry] = []
        while try statement.step() {
            guard let id = statement.int64(0), let kind = statement.int64(1).flatMap(JournalEntry.Kind.init(rawValue:)),
                let serial = statement.string(2), let timestamp = statement.int64(3)
            else { continue }
            entries.append(JournalEntry(id: id, kind: kind, serial: serial, timestamp: timestamp))
        }
        return entries
    }

    /// Journal entries not yet pruned (for status and tests).
    public func journalCount() throws -> Int {
        Int(try database.scalarInt("SELECT count(*) FROM commit_journal") ?? 0)
    }

    /// The cursor of the sink called `name`, nil when it has none yet.
    public func sinkCursor(named name: String) throws -> Int64? {
        try database.scalarInt("SELECT position FROM sink_cursors WHERE name = ?") { try $0.bind(name, at: 0) }
    }

    /// The cursor of the sink called `name`; a sink seen for the first
    /// time starts at the journal's end (it delivers what is committed from
    /// now on) and its cursor is stored at once, so that pruning waits for
    /// it from here.
    public func openSinkCursor(named name: String, now: Int64) throws -> Int64 {
        try openSinkCursor(named: name, now: now, backfillSeconds: 0).position
    }

    /// The cursor of the sink called `name`, and the part of its backfill
    /// still to deliver. A sink seen for the first time starts at the
    /// journal's end and, with `backfillSeconds` above 0, owes the rows
    /// stored before now whose observation times lie within that many
    /// seconds before now.
    public func openSinkCursor(named name: String, now: Int64, backfillSeconds: Int64) throws -> SinkCursorState {
        if let state = try sinkCursorState(named: name) { return state }
        let end = try journalEnd()
        try setSinkCursor(named: name, position: end, now: now)
        guard backfillSeconds > 0 else { return SinkCursorState(position: end, updatedAt: now, backfill: nil) }
        let backfill = (now - backfillSeconds)..<now
        try setSinkBackfill(named: name, next: backfill.lowerBound, end: backfill.upperBound)
        return SinkCursorState(position: end, updatedAt: now, backfill: backfill)
    }

    /// Where the sink called `name` stands, nil when it has no cursor (for
    /// `doctor`: it reads, it never creates one).
    public func sinkCursorState(named name: String) throws -> SinkCursorState? {
        let statement = try database.statement("SELECT position, updated_at, backfill_next, backfill_end FROM sink_cursors WHERE name = ?")
        defer { statement.reset() }
        try statement.bind(name, at: 0)
        guard try statement.step(), let position = statement.int64(0) else { return nil }
        let backfill = statement.int64(2).flatMap { next in statement.int64(3).map { next..<max(next, $0) } }
        return SinkCursorState(position: position, updatedAt: statement.int64(1) ?? 0, backfill: backfill)
    }

    /// Stores how far the backfill of `name` got: it goes on from `next`
    /// (done, and forgotten, once `next` reaches `end`).
    func setSinkBackfill(named name: String, next: Int64, end: Int64?) throws {
        try database.run(
            """
            UPDATE sink_cursors SET
                backfill_next = CASE WHEN ? >= coalesce(?, backfill_end) THEN NULL ELSE ? END,
                backfill_end = CASE WHEN ? >= coalesce(?, backfill_end) THEN NULL ELSE coalesce(?, backfill_end) END
            WHERE name = ?
            """
        ) {
            try $0.bind(next, at: 0)
            try $0.bind(end, at: 1)
            try $0.bind(next, at: 2)
            try $0.bind(next, at: 3)
            try $0.bind(end, at: 4)
            try $0.bind(end, at: 5)
            try $0.bind(name, at: 6)
        }
    }

    /// Stores the cursor of `name` (never moving it back), then prunes the
    /// journal up to the slowest cursor.
    func setSinkCursor(named name: String, position: Int64, now: Int64) throws {
        try database.run(
            """
            INSERT INTO sink_cursors (name, position, updated_at) VALUES (?, ?, ?)
            ON CONFLICT (name) DO UPDATE SET position = max(position, excluded.position), updated_at = excluded.updated_at
            """
        ) {
            try $0.bind(name, at: 0)
            try $0.bind(position, at: 1)
            try $0.bind(now, at: 2)
        }
        try pruneJournal()
    }

    /// Forgets the cursors of sinks no longer configured (so that they no
    /// longer hold the journal back), and prunes. Returns how many went.
    @discardableResult
    public func dropSinkCursors(keeping names: Set<String>) throws -> Int {
        var dropped = 0
        for name in try database.strings("SELECT name FROM sink_cursors") where !names.contains(name) {
            try database.run("DELETE FROM sink_cursors WHERE name = ?") { try $0.bind(name, at: 0) }
            dropped += 1
        }
        try pruneJournal()
        return dropped
    }

    /// Forgets the cursor `name` (a sink removed by a reload), and prunes.
    public func dropSinkCursor(named name: String) throws {
        try database.run("DELETE FROM sink_cursors WHERE name = ?") { try $0.bind(name, at: 0) }
        try pruneJournal()
    }

    /// Deletes the entries every cursor has passed (all of them when no
    /// sink keeps a cursor).
    private func pruneJournal() throws {
        try database.run(
            """
            DELETE FROM commit_journal
            WHERE id <= coalesce((SELECT min(position) FROM sink_cursors), (SELECT max(id) FROM commit_journal))
            """)
    }
}
