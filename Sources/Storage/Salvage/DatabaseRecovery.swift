// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// What the gateway did with a damaged database file at start: moved it
/// aside and copied what it could read into a fresh file at the old path.
public struct DatabaseRecovery: Sendable, Equatable {
    /// Where the damaged file is now (`<database>.damaged-<UTC time>`,
    /// with its `-wal` and `-shm` beside it when it had them).
    public var damagedPath: String
    /// Rows copied into the fresh database.
    public var recoveredRows: Int
    /// Tables with rows that could not be read ("sqlite_schema" when the
    /// list of tables itself could not be read).
    public var damagedTables: [String]

    /// The one sentence the gateway logs about it.
    public var sentence: String {
        "The database was damaged; moved it to \(damagedPath) and recovered "
            + "\(DatabaseRecovery.grouped(recoveredRows)) of its rows into a fresh one"
            + (damagedTables.isEmpty ? "." : " (rows lost from: \(damagedTables.joined(separator: ", "))).")
    }

    /// `12345` as "12,345".
    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number.magnitude))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return (number < 0 ? "-" : "") + text
    }
}
