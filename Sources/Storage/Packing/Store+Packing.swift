// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

extension Store {
    /// Packs at most one old UTC day of one device per packed table: its
    /// live rows move into one `packed_days` blob (merged with the day's
    /// earlier blob, if a late row arrived after it was packed) in the
    /// caller's transaction. A day is packed once it ended more than
    /// `afterDays` days before `now`. Returns the rows packed, by table.
    ///
    /// One device-day is about 1,440 rows, a few milliseconds of work, so a
    /// step never holds the write lock long.
    func packStep(now: Int64, afterDays: Int) throws -> [String: Int] {
        let cutoff = (now - Int64(afterDays) * Self.secondsPerDay) / Self.secondsPerDay * Self.secondsPerDay
        var packed: [String: Int] = [:]
        for table in PackedTable.allCases {
            for device in try allDeviceIDs() {
                guard
                    let oldest = try database.scalarInt(
                        "SELECT \(table.timeColumn) FROM \(table.tableName) WHERE device_id = ? ORDER BY \(table.timeColumn) LIMIT 1",
                        { try $0.bind(device, at: 0) }),
                    oldest < cutoff
                else { continue }
                let dayStart = Self.utcDayStart(oldest)
                packed[table.tableName] = try packDay(table, device: device, dayStart: dayStart)
                break
            }
        }
        return packed
    }

    /// Moves the live rows of one device-day into its packed blob.
    private func packDay(_ table: PackedTable, device: Int64, dayStart: Int64) throws -> Int {
        let dayEnd = dayStart + Self.secondsPerDay
        var live: [[Int64?]] = []
        try forEachLiveRow(table, device: device, from: dayStart, to: dayEnd, descending: false) { live.append($0); return true }
        guard !live.isEmpty else { return 0 }
        let earlier = try packedRows(table, device: device, dayStart: dayStart) ?? []
        var merged: [[Int64?]] = []
        merged.reserveCapacity(earlier.count + live.count)
        Self.mergeRows(table, packed: earlier, live: live) { merged.append($0); return true }
        let blob = PackedColumns(columnCount: table.columnCount, rows: merged).encoded()
        try database.run(
            "INSERT OR REPLACE INTO packed_days (device_id, source_table, day_start, row_count, rows) VALUES (?, ?, ?, ?, ?)"
        ) { s in
            try s.bind(device, at: 0)
            try s.bind(table.tableName, at: 1)
            try s.bind(dayStart, at: 2)
            try s.bind(merged.count, at: 3)
            try s.bind(blob, at: 4)
        }
        try database.run("DELETE FROM \(table.tableName) WHERE device_id = ? AND \(table.timeColumn) >= ? AND \(table.timeColumn) < ?") {
            try $0.bind(device, at: 0)
            try $0.bind(dayStart, at: 1)
            try $0.bind(dayEnd, at: 2)
        }
        if table == .observations {
            packedObservationsThrough[device] = max(packedObservationsThrough[device] ?? .min, dayEnd)
        }
        return live.count
    }

    /// Deletes packed days of `table` that ended before `cutoff` (retention
    /// of packed rows works in whole UTC days). Returns the rows deleted.
    func deletePackedDays(_ table: PackedTable, before cutoff: Int64) throws -> Int {
        let rows = try database.scalarInt(
            "SELECT coalesce(sum(row_count), 0) FROM packed_days WHERE source_table = ? AND day_start <= ?"
        ) {
            try $0.bind(table.tableName, at: 0)
            try $0.bind(cutoff - Self.secondsPerDay, at: 1)
        }
        try database.run("DELETE FROM packed_days WHERE source_table = ? AND day_start <= ?") {
            try $0.bind(table.tableName, at: 0)
            try $0.bind(cutoff - Self.secondsPerDay, at: 1)
        }
        return Int(rows ?? 0)
    }

    /// Whether an observation of `device` at `timestamp` is already packed.
    /// Cheap for the live path: only a timestamp inside a packed range costs
    /// a lookup (and then one day's decode).
    func isPackedObservation(device: Int64, timestamp: Int64) throws -> Bool {
        let through: Int64
        if let cached = packedObservationsThrough[device] {
            through = cached
        } else {
            let newest = try database.scalarInt(
                "SELECT max(day_start) FROM packed_days WHERE device_id = ? AND source_table = ?"
            ) {
                try $0.bind(device, at: 0)
                try $0.bind(PackedTable.observations.tableName, at: 1)
            }
            through = newest.map { $0 + Self.secondsPerDay } ?? .min
            packedObservationsThrough[device] = through
        }
        guard timestamp < through else { return false }
        // A packed day that cannot be decoded must not stop ingest: the row
        // stays live (and the damaged day is reported by whoever reads it).
        let rows: [[Int64?]]?
        do {
            rows = try packedRows(.observations, device: device, dayStart: Self.utcDayStart(timestamp))
        } catch {
            logger.error("a packed day cannot be read; the late row is kept as a plain row", metadata: ["error": "\(error)"])
            return false
        }
        return rows?.contains { $0[0] == timestamp } ?? false
    }

    /// Rows of `table` for `device` with `from <= time < to`, packed and
    /// live together, in time order (newest first when `descending`), one
    /// call of `body` per row until it returns false. Memory stays at one
    /// packed day, however long the range.
    func forEachRow(
        _ table: PackedTable, device: Int64, from: Int64, to: Int64, descending: Bool,
        _ body: ([Int64?]) throws -> Bool
    ) throws {
        guard from < to else { return }
        let days = try packedDayStarts(table, device: device, from: from, to: to, descending: descending)
        guard !days.isEmpty else {
            try forEachLiveRow(table, device: device, from: from, to: to, descending: descending, body)
            return
        }
        // Packed days and live rows interleave only around late rows, but a
        // merge keeps the order exact whatever they hold.
        var pending: [[Int64?]] = []
        var nextDay = 0
        var stopped = false
        func loadNextDay() throws {
            while pending.isEmpty, nextDay < days.count {
                let rows = try packedRows(table, device: device, dayStart: days[nextDay]) ?? []
                nextDay += 1
                pending = rows.filter { row in row[0].map { $0 >= from && $0 < to } ?? false }
                if !descending { pending.reverse() }  // consumed from the end
            }
        }
        func emitPacked(upTo limit: Int64?) throws {
            while !stopped {
                try loadNextDay()
                guard let row = pending.last, let time = row[0] else { return }
                if let limit, descending ? time <= limit : time >= limit { return }
                pending.removeLast()
                if try !body(row) { stopped = true }
            }
        }
        try forEachLiveRow(table, device: device, from: from, to: to, descending: descending) { live in
            let time = live[0] ?? 0
            try emitPacked(upTo: time)
            guard !stopped else { return false }
            try loadNextDay()
            if let packed = pending.last, packed[0] == time {
                pending.removeLast()
                if try !body(table.resolve(packed: packed, live: live)) { stopped = true }
            } else if try !body(live) {
                stopped = true
            }
            return !stopped
        }
        try emitPacked(upTo: nil)
    }

    /// Live (unpacked) rows only, in time order.
    private func forEachLiveRow(
        _ table: PackedTable, device: Int64, from: Int64, to: Int64, descending: Bool,
        _ body: ([Int64?]) throws -> Bool
    ) throws {
        // A statement of its own: `body` may run other queries on this store.
        let statement = try Statement(
            database: database,
            sql: """
                SELECT \(table.columns) FROM \(table.tableName)
                WHERE device_id = ? AND \(table.timeColumn) >= ? AND \(table.timeColumn) < ?
                ORDER BY \(table.timeColumn) \(descending ? "DESC" : "ASC")
                """)
        try statement.bind(device, at: 0)
        try statement.bind(from, at: 1)
        try statement.bind(to, at: 2)
        let columns = table.columnCount
        while try statement.step() {
            let row = (0..<columns).map { statement.int64(Int32($0)) }
            if try !body(row) { return }
        }
    }

    /// The starts of the packed days of `table` that overlap `from..<to`.
    private func packedDayStarts(_ table: PackedTable, device: Int64, from: Int64, to: Int64, descending: Bool) throws -> [Int64] {
        let statement = try Statement(
            database: database,
            sql: """
                SELECT day_start FROM packed_days WHERE device_id = ? AND source_table = ? AND day_start > ? AND day_start < ?
                ORDER BY day_start \(descending ? "DESC" : "ASC")
                """)
        try statement.bind(device, at: 0)
        try statement.bind(table.tableName, at: 1)
        try statement.bind(from > Int64.min + Self.secondsPerDay ? from - Self.secondsPerDay : Int64.min, at: 2)
        try statement.bind(to, at: 3)
        var days: [Int64] = []
        while try statement.step() {
            if let day = statement.int64(0) { days.append(day) }
        }
        return days
    }

    /// The decoded rows of one packed day, nil when the day is not packed.
    private func packedRows(_ table: PackedTable, device: Int64, dayStart: Int64) throws -> [[Int64?]]? {
        let statement = try database.statement(
            "SELECT rows FROM packed_days WHERE device_id = ? AND source_table = ? AND day_start = ?")
        defer { statement.reset() }
        try statement.bind(device, at: 0)
        try statement.bind(table.tableName, at: 1)
        try statement.bind(dayStart, at: 2)
        guard try statement.step() else { return nil }
        let packed = try PackedColumns(decoding: statement.bytes(0) ?? [])
        guard packed.columnCount == table.columnCount else {
            throw StorageError.invalidValue(
                "the packed \(table.tableName) of day \(dayStart) have \(packed.columnCount) columns, expected \(table.columnCount)")
        }
        return packed.rows
    }

    /// Merges two lists of rows in ascending time order, resolving equal
    /// times by the table's rule, until `body` returns false.
    private static func mergeRows(_ table: PackedTable, packed: [[Int64?]], live: [[Int64?]], _ body: ([Int64?]) -> Bool) {
        var p = 0
        var l = 0
        while p < packed.count || l < live.count {
            let row: [Int64?]
            if p < packed.count, l < live.count {
                let pt = packed[p][0] ?? 0
                let lt = live[l][0] ?? 0
                if pt == lt {
                    row = table.resolve(packed: packed[p], live: live[l])
                    p += 1
                    l += 1
                } else if pt < lt {
                    row = packed[p]
                    p += 1
                } else {
                    row = live[l]
                    l += 1
                }
            } else if p < packed.count {
                row = packed[p]
                p += 1
            } else {
                row = live[l]
                l += 1
            }
            if !body(row) { return }
        }
    }

    /// Every device id, in id order.
    func allDeviceIDs() throws -> [Int64] {
        let devices = try database.statement("SELECT id FROM devices ORDER BY id")
        defer { devices.reset() }
        var ids: [Int64] = []
        while try devices.step() {
            if let id = devices.int64(0) { ids.append(id) }
        }
        return ids
    }

    /// The start (00:00 UTC) of the UTC day holding `timestamp`.
    static func utcDayStart(_ timestamp: Int64) -> Int64 {
        let remainder = timestamp % secondsPerDay
        return timestamp - (remainder < 0 ? remainder + secondsPerDay : remainder)
    }
}
