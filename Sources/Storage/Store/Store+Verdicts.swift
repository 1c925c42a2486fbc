// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

extension Store {
    /// Stores a value's verdict; a later verdict on the same value replaces it
    /// (the same row judged again with more history).
    public func insert(_ record: ObservationVerdictRecord) throws {
        let device = try deviceID(serial: record.serial, seenAt: record.timestamp)
        try database.run(
            "INSERT OR REPLACE INTO observation_verdicts (device_id, timestamp, field, verdict, reason) VALUES (?, ?, ?, ?, ?)"
        ) { s in
            try s.bind(device, at: 0)
            try s.bind(record.timestamp, at: 1)
            try s.bind(record.field, at: 2)
            try s.bind(record.verdict, at: 3)
            try s.bind(record.reason, at: 4)
        }
    }

    /// The verdicts of a device's rows from `from` to `to` (inclusive), oldest first.
    public func verdicts(serial: String, from: Int64, to: Int64) throws -> [ObservationVerdictRecord] {
        let statement = try database.statement(
            """
            SELECT v.timestamp, v.field, v.verdict, v.reason FROM observation_verdicts v JOIN devices d ON d.id = v.device_id
            WHERE d.serial = ? AND v.timestamp >= ? AND v.timestamp <= ? ORDER BY v.timestamp, v.field
            """)
        defer { statement.reset() }
        try statement.bind(serial, at: 0)
        try statement.bind(from, at: 1)
        try statement.bind(to, at: 2)
        var rows: [ObservationVerdictRecord] = []
        while try statement.step() {
            rows.append(
                ObservationVerdictRecord(
                    serial: serial, timestamp: statement.int64(0) ?? 0, field: statement.string(1) ?? "",
                    verdict: statement.string(2) ?? "", reason: statement.string(3) ?? ""))
        }
        return rows
    }

    /// The fields judged bad of a device's rows with `from <= timestamp < to`, by row time.
    func badFields(device: Int64, from: Int64, to: Int64) throws -> [Int64: Set<String>] {
        let statement = try database.statement(
            "SELECT timestamp, field FROM observation_verdicts WHERE device_id = ? AND timestamp >= ? AND timestamp < ? AND verdict = 'bad'")
        defer { statement.reset() }
        try statement.bind(device, at: 0)
        try statement.bind(from, at: 1)
        try statement.bind(to, at: 2)
        var fields: [Int64: Set<String>] = [:]
        while try statement.step() { fields[statement.int64(0) ?? 0, default: []].insert(statement.string(1) ?? "") }
        return fields
    }
}
