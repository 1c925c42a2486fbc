// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

extension Store {
    /// How many quarantined messages are kept: the newest, so a stream of
    /// forged datagrams cannot fill the disk.
    public static let quarantineRowLimit: Int64 = 1_000

    /// Keeps a quarantined message, forgetting all but the newest
    /// `quarantineRowLimit`. The serial is kept as text: a quarantined
    /// message makes no device row.
    public func insert(_ record: QuarantineRecord) throws {
        try database.run(
            "INSERT INTO quarantine (serial, type, timestamp, received_at, source, reason, message) VALUES (?, ?, ?, ?, ?, ?, ?)"
        ) { s in
            try s.bind(record.serial, at: 0)
            try s.bind(record.type, at: 1)
            try s.bind(record.timestamp, at: 2)
            try s.bind(record.receivedAt, at: 3)
            try s.bind(record.source, at: 4)
            try s.bind(record.reason.rawValue, at: 5)
            try s.bind(String(record.message.prefix(8_192)), at: 6)
        }
        try database.run("DELETE FROM quarantine WHERE id <= ?") { try $0.bind(database.lastInsertRowID - Self.quarantineRowLimit, at: 0) }
    }

    /// The quarantined messages, oldest first.
    public func quarantined() throws -> [QuarantineRecord] {
        let statement = try database.statement(
            "SELECT serial, type, timestamp, received_at, source, reason, message FROM quarantine ORDER BY id")
        defer { statement.reset() }
        var result: [QuarantineRecord] = []
        while try statement.step() {
            result.append(
                QuarantineRecord(
                    serial: statement.string(0) ?? "", type: statement.string(1) ?? "", timestamp: statement.int64(2) ?? 0,
                    receivedAt: statement.int64(3) ?? 0, source: statement.string(4) ?? "",
                    reason: QuarantineRecord.Reason(rawValue: statement.string(5) ?? "") ?? .futureTimestamp,
                    message: statement.string(6) ?? ""))
        }
        return result
    }
}
