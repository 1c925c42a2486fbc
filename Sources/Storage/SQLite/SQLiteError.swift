// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import CSQLite

/// An error reported by SQLite, with the codes and message it gave and the
/// statement that was running.
public struct SQLiteError: Error, CustomStringConvertible, Sendable {
    /// The primary result code (for example `SQLITE_FULL`, 13).
    public let resultCode: Int32
    /// The extended result code, which refines the primary one.
    public let extendedResultCode: Int32
    /// SQLite's own message for the failure.
    public let message: String
    /// The SQL text (or operation name) that failed; never contains bound values.
    public let context: String

    /// Creates an error from explicit parts.
    public init(resultCode: Int32, extendedResultCode: Int32, message: String, context: String) {
        self.resultCode = resultCode
        self.extendedResultCode = extendedResultCode
        self.message = message
        self.context = context
    }

    /// Reads the current error of `connection` (or describes `code` when there is no connection).
    init(code: Int32, connection: OpaquePointer?, context: String) {
        let extended = connection.map { sqlite3_extended_errcode($0) } ?? code
        let text: String
        if let connection, let pointer = sqlite3_errmsg(connection) {
            text = String(cString: pointer)
        } else {
            text = String(cString: sqlite3_errstr(code))
        }
        self.init(resultCode: code & 0xFF, extendedResultCode: extended, message: text, context: context)
    }

    /// True when the disk (or `max_page_count`) is full.
    public var isDiskFull: Bool { resultCode == SQLITE_FULL }

    /// True for failures where retrying later may succeed once the storage
    /// recovers: disk full, read-only file system, I/O errors, busy, locked.
    public var isStorageUnavailable: Bool {
        [SQLITE_FULL, SQLITE_READONLY, SQLITE_IOERR, SQLITE_CANTOPEN, SQLITE_BUSY, SQLITE_LOCKED].contains(resultCode)
    }

    /// True when SQLite found the file damaged (`SQLITE_CORRUPT`) or not a
    /// database at all (`SQLITE_NOTADB`).
    public var isDamage: Bool { resultCode == SQLITE_CORRUPT || resultCode == SQLITE_NOTADB }

    /// True when a unique or primary-key constraint rejected a row.
    public var isConstraintViolation: Bool { resultCode == SQLITE_CONSTRAINT }

    /// SQLite's message and code, with only the first line of the
    /// statement (a migration's is dozens of lines): for messages to people.
    public var summary: String {
        let firstLine = context.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
        let statement = firstLine.count > 60 ? String(firstLine.prefix(60)) + "…" : firstLine
        return "\(message) (SQLite error \(resultCode), while running: \(statement))"
    }

    public var description: String {
        "SQLite error \(resultCode) (extended \(extendedResultCode)): \(message), while running: \(context)"
    }
}
