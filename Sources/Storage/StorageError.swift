// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// An error of the storage layer that is not a plain SQLite failure.
public struct StorageError: Error, CustomStringConvertible, Sendable, Equatable {
    private enum Code: Equatable, Sendable {
        case databaseNewerThanBinary(found: Int, supported: Int)
        case outboxFull(depth: Int, limit: Int)
        case writerStopped
        case pendingBufferFull(limit: Int)
        case invalidValue(String)
        case damagedDatabaseNotMoved(path: String, reason: String)
    }

    private let code: Code

    private init(_ code: Code) {
        self.code = code
    }

    /// The file's schema version is newer than any this binary knows.
    public static func databaseNewerThanBinary(found: Int, supported: Int) -> StorageError {
        StorageError(.databaseNewerThanBinary(found: found, supported: supported))
    }

    /// The outbox is above its bound and holds nothing that may be shed.
    public static func outboxFull(depth: Int, limit: Int) -> StorageError {
        StorageError(.outboxFull(depth: depth, limit: limit))
    }

    /// The writer was shut down; nothing more is accepted.
    public static let writerStopped = StorageError(.writerStopped)

    /// The database is unwritable and the in-memory holding buffer is full of
    /// records that are never shed silently.
    public static func pendingBufferFull(limit: Int) -> StorageError {
        StorageError(.pendingBufferFull(limit: limit))
    }

    /// A value given to the storage layer cannot be stored as asked.
    public static func invalidValue(_ explanation: String) -> StorageError {
        StorageError(.invalidValue(explanation))
    }

    /// The database is damaged and could not be renamed out of the way of
    /// a fresh one (`reason`: the system's words).
    public static func damagedDatabaseNotMoved(path: String, reason: String) -> StorageError {
        StorageError(.damagedDatabaseNotMoved(path: path, reason: reason))
    }

    public var description: String {
        switch code {
        case .databaseNewerThanBinary(let found, let supported):
            "the database has schema version \(found), but this binary supports up to \(supported); "
                + "upgrade tempest-gateway (the file was not changed)"
        case .outboxFull(let depth, let limit):
            "the MQTT outbox holds \(depth) messages, above its limit of \(limit), and none of them may be shed; "
                + "the message was refused"
        case .writerStopped:
            "the storage writer has stopped and accepts no more records"
        case .pendingBufferFull(let limit):
            "the database cannot be written and the in-memory buffer holds its limit of \(limit) records; "
                + "the record was refused"
        case .invalidValue(let explanation):
            "invalid value for storage: \(explanation)"
        case .damagedDatabaseNotMoved(let path, let reason):
            "the database \(path) is damaged and could not be moved aside (\(reason)); "
                + "make its folder writable for the gateway, or move the file away yourself"
        }
    }
}
