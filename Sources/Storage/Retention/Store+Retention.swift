// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

extension Store {
    /// Seconds per day, for retention arithmetic.
    static let secondsPerDay: Int64 = 86_400

    /// One small pruning step at time `now` (epoch seconds): in one
    /// transaction, turns at most `maximumRows` raw rapid-wind samples past
    /// their retention into per-minute aggregates and deletes them, and
    /// deletes at most `maximumRows` expired rows from each other table with
    /// a retention. Short steps keep the write lock brief, so ingest never
    /// waits long; call again while `hasMore`.
    public func pruneStep(now: Int64, policy: RetentionPolicy, maximumRows: Int = 1_000) throws -> PruneReport {
        try write {
            var report = PruneReport()
            let rawCutoff = (now - Int64(policy.rapidWindRawDays) * Self.secondsPerDay) / 60 * 60
            let aggregated = try aggregateRapidWind(before: rawCutoff, maximumRows: maximumRows)
            report.deletedRows["rapid_wind"] = aggregated.deleted
            report.windMinutesWritten = aggregated.minutes
            var more = aggregated.hasMore
            let timed: [(table: String, column: String, days: Int?)] = [
                ("wind_minutes", "minute_start", policy.windMinuteDays),
                ("observations", "timestamp", policy.observationDays),
                // A verdict goes with the row it judges.
                ("observation_verdicts", "timestamp", policy.observationDays),
                ("lightning_strikes", "timestamp", policy.lightningStrikeDays),
                ("rain_starts", "timestamp", policy.rainStartDays),
                ("device_status", "timestamp", policy.deviceStatusDays),
                ("hub_status", "timestamp", policy.hubStatusDays),
            ]
            for (table, column, days) in timed {
                guard let days else { continue }
                let cutoff = now - Int64(days) * Self.secondsPerDay
                var deleted = try deleteOldest(table: table, column: column, before: cutoff, maximumRows: maximumRows)
                if deleted >= maximumRows { more = true }
                if let packed = PackedTable(rawValue: table) {
                    deleted += try deletePackedDays(packed, before: cutoff)
                }
                if deleted > 0 { report.deletedRows[table] = deleted }
            }
            // The nearby strikes are kept as long as the station's own.
            let byID: [(table: String, column: String, days: Int?)] = [
                ("nearby_strikes", "timestamp", policy.lightningStrikeDays),
                ("forecast_snapshots", "fetched_at", policy.forecastSnapshotDays),
            ]
            if let days = policy.packAfterDays {
                report.packedRows = try packStep(now: now, afterDays: days)
                if !report.packedRows.isEmpty { more = true }
            }
            for (table, column, days) in byID {
                guard let days else { continue }
                try database.run(
                    "DELETE FROM \(table) WHERE id IN (SELECT id FROM \(table) WHERE \(column) < ? LIMIT ?)"
                ) {
                    try $0.bind(now - Int64(days) * Self.secondsPerDay, at: 0)
                    try $0.bind(maximumRows, at: 1)
                }
                if database.changes > 0 { report.deletedRows[table] = database.changes }
                if database.changes >= maximumRows { more = true }
            }
            report.hasMore = more
            return report
        }
    }

    /// Runs pruning steps until nothing past retention remains (for the
    /// `db prune` command), at most `maximumSteps` of them.
    public func pruneAll(now: Int64, policy: RetentionPolicy, maximumRowsPerStep: Int = 1_000, maximumSteps: Int = 1_000_000) throws -> PruneReport {
        var total = PruneReport()
        for _ in 0..<maximumSteps {
            let step = try pruneStep(now: now, policy: policy, maximumRows: maximumRowsPerStep)
            total.merge(step)
            if !step.hasMore { break }
        }
        return total
    }

    /// Returns up to `pages` free pages to the file system
    /// (`PRAGMA incremental_vacuum`); nil frees them all. Returns the free
    /// pages left.
    @discardableResult
    public func incrementalVacuum(pages: Int? = 256) throws -> Int {
        // The pragma returns one row per freed page; stepping runs it to completion.
        let statement = try Statement(database: database, sql: "PRAGMA incremental_vacuum(\(pages ?? 0))")
        while try statement.step() {}
        return Int(try database.scalarInt("PRAGMA freelist_count") ?? 0)
    }

    /// Under disk pressure: aggregates and deletes the oldest raw rapid-wind
    /// samples (whatever their age), at most `maximumRows`. Rapid wind goes
    /// first because its minutes survive as aggregates; observations are
    /// never deleted here. Returns the rows deleted.
    public func relieveDiskPressure(maximumRows: Int = 5_000) throws -> Int {
        try write {
            try aggregateRapidWind(before: Int64.max / 60 * 60, maximumRows: maximumRows, keepNewestMinute: true).deleted
        }
    }

    /// Aggregates and deletes raw samples older than `cutoff` (a minute
    /// boundary), whole minutes at a time, oldest first, device by device.
    private func aggregateRapidWind(before cutoff: Int64, maximumRows: Int, keepNewestMinute: Bool = false) throws -> (deleted: Int, minutes: Int, hasMore: Bool) {
        var deleted = 0
        var minutes = 0
        for device in try deviceIDsWithRapidWind(before: cutoff) {
            let budget = maximumRows - deleted
            guard budget > 0 else { return (deleted, minutes, true) }
            // Read one row past the budget to find a whole-minute boundary.
            let rows = try database.statement(
                "SELECT timestamp, speed_cm_s, direction_deg FROM rapid_wind WHERE device_id = ? AND timestamp < ? ORDER BY timestamp LIMIT ?")
            try rows.bind(device, at: 0)
            try rows.bind(cutoff, at: 1)
            try rows.bind(budget + 1, at: 2)
            var samples: [(timestamp: Int64, speed: Int64, direction: Int64)] = []
            while try rows.step() {
                samples.append((rows.int64(0) ?? 0, rows.int64(1) ?? 0, rows.int64(2) ?? 0))
            }
            rows.reset()
            guard !samples.isEmpty else { continue }
            var end = cutoff
            let truncated = samples.count > budget
            if truncated || keepNewestMinute {
                // Stop before the minute of the last sample read: it may continue past what was read
                // (or, under disk pressure, still be filling).
                end = samples[samples.count - 1].timestamp / 60 * 60
                samples.removeAll { $0.timestamp >= end }
                // A budget smaller than one minute of samples: leave the device to a larger step.
                if samples.isEmpty { continue }
            }
            var accumulators: [Int64: WindMinuteAccumulator] = [:]
            for sample in samples {
                accumulators[sample.timestamp / 60 * 60, default: WindMinuteAccumulator()]
                    .add(speedCentimetersPerSecond: sample.speed, directionDegrees: sample.direction)
            }
            try database.run("DELETE FROM rapid_wind WHERE device_id = ? AND timestamp < ?") {
                try $0.bind(device, at: 0)
                try $0.bind(end, at: 1)
            }
            deleted += database.changes
            for (minute, accumulator) in accumulators.sorted(by: { $0.key < $1.key }) {
                try storeWindMinute(device: device, minute: minute, accumulator)
                minutes += 1
            }
            if truncated { return (deleted, minutes, true) }
        }
        return (deleted, minutes, false)
    }

    /// The wind-minute columns in the order they are packed and read, time first.
    static let windMinuteColumns = "minute_start, mean_speed_cm_s, gust_cm_s, lull_cm_s, direction_deg, sample_count"

    /// Writes one minute's aggregate; when the minute already has one
    /// (samples that arrived after it was aggregated), the two are combined
    /// by `combinedWindMinute`.
    private func storeWindMinute(device: Int64, minute: Int64, _ accumulator: WindMinuteAccumulator) throws {
        var row: [Int64?] = [minute, accumulator.meanSpeed, accumulator.gust, accumulator.lull, accumulator.direction, Int64(accumulator.count)]
        let existing = try database.statement("SELECT \(Self.windMinuteColumns) FROM wind_minutes WHERE device_id = ? AND minute_start = ?")
        try existing.bind(device, at: 0)
        try existing.bind(minute, at: 1)
        if try existing.step() {
            row = Self.combinedWindMinute((0..<6).map { existing.int64(Int32($0)) }, row)
        }
        existing.reset()
        try database.run("INSERT OR REPLACE INTO wind_minutes (device_id, \(Self.windMinuteColumns)) VALUES (?, ?, ?, ?, ?, ?, ?)") { s in
            try s.bind(device, at: 0)
            for (index, value) in row.enumerated() { try s.bind(value, at: Int32(index + 1)) }
        }
    }

    /// Two aggregates of the same minute as one (rows in `windMinuteColumns`
    /// order): means weighted by sample count, the higher gust, the lower
    /// lull, and the direction of the part with more samples.
    static func combinedWindMinute(_ existing: [Int64?], _ incoming: [Int64?]) -> [Int64?] {
        guard let oldCount = existing[5], oldCount > 0 else { return incoming }
        let count = incoming[5] ?? 0
        let oldMean = existing[1] ?? 0
        let mean = incoming[1] ?? 0
        let gust = incoming[2] ?? existing[2] ?? 0
        let lull = incoming[3] ?? existing[3] ?? 0
        return [
            incoming[0],
            Int64((Double(oldMean * oldCount + mean * count) / Double(oldCount + count)).rounded()),
            max(gust, existing[2] ?? gust),
            min(lull, existing[3] ?? lull),
            oldCount > count ? existing[4] : incoming[4],
            count + oldCount,
        ]
    }

    private func deviceIDsWithRapidWind(before cutoff: Int64) throws -> [Int64] {
        let statement = try database.statement(
            "SELECT id FROM devices d WHERE EXISTS (SELECT 1 FROM rapid_wind r WHERE r.device_id = d.id AND r.timestamp < ?) ORDER BY id")
        defer { statement.reset() }
        try statement.bind(cutoff, at: 0)
        var ids: [Int64] = []
        while try statement.step() {
            if let id = statement.int64(0) { ids.append(id) }
        }
        return ids
    }

    /// Deletes at most `maximumRows` of the oldest rows with `column < before`,
    /// device by device along the primary key.
    private func deleteOldest(table: String, column: String, before: Int64, maximumRows: Int) throws -> Int {
        var deleted = 0
        for device in try allDeviceIDs() where deleted < maximumRows {
            // The timestamp of the last row this step may delete for this device.
            let boundary = try database.scalarInt(
                "SELECT \(column) FROM \(table) WHERE device_id = ? AND \(column) < ? ORDER BY \(column) LIMIT 1 OFFSET ?"
            ) {
                try $0.bind(device, at: 0)
                try $0.bind(before, at: 1)
                try $0.bind(maximumRows - deleted - 1, at: 2)
            }
            try database.run("DELETE FROM \(table) WHERE device_id = ? AND \(column) < ?") {
                try $0.bind(device, at: 0)
                try $0.bind(boundary.map { min($0 + 1, before) } ?? before, at: 1)
            }
            deleted += database.changes
        }
        return deleted
    }
}
