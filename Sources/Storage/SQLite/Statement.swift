// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import CSQLite

/// A prepared SQLite statement with typed binding and reading.
///
/// Parameters and columns are numbered from 0 here (SQLite numbers parameters
/// from 1; the offset is applied inside). A statement belongs to the
/// `Database` that prepared it, is used on that connection's thread only,
/// and must not outlive it.
public final class Statement {
    let handle: OpaquePointer
    private unowned let database: Database
    /// The SQL text, kept for error context.
    public let sql: String

    init(database: Database, sql: String) throws(SQLiteError) {
        var prepared: OpaquePointer?
        let code = sqlite3_prepare_v3(database.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil)
        guard code == SQLITE_OK, let prepared else {
            throw SQLiteError(code: code, connection: database.handle, context: sql)
        }
        self.handle = prepared
        self.database = database
        self.sql = sql
    }

    /// Steps of SQLite's virtual machine this statement ran since it was
    /// prepared (`SQLITE_STMTSTATUS_VM_STEP`): how much work its runs did,
    /// for tests that a query reads what it should and no more.
    var virtualMachineSteps: Int { Int(sqlite3_stmt_status(handle, SQLITE_STMTSTATUS_VM_STEP, 0)) }

    deinit {
        sqlite3_finalize(handle)
    }

    // MARK: Binding

    /// Binds an integer (or NULL) to the parameter at `index` (0-based).
    public func bind(_ value: Int64?, at index: Int32) throws(SQLiteError) {
        let code = value.map { sqlite3_bind_int64(handle, index + 1, $0) } ?? sqlite3_bind_null(handle, index + 1)
        try check(code)
    }

    /// Binds an integer (or NULL) to the parameter at `index` (0-based).
    public func bind(_ value: Int?, at index: Int32) throws(SQLiteError) {
        try bind(value.map { Int64($0) }, at: index)
    }

    /// Binds a floating-point value (or NULL) to the parameter at `index` (0-based).
    public func bind(_ value: Double?, at index: Int32) throws(SQLiteError) {
        let code = value.map { sqlite3_bind_double(handle, index + 1, $0) } ?? sqlite3_bind_null(handle, index + 1)
        try check(code)
    }

    /// Binds text (or NULL) to the parameter at `index` (0-based); SQLite copies it.
    public func bind(_ value: String?, at index: Int32) throws(SQLiteError) {
        guard let value else {
            try check(sqlite3_bind_null(handle, index + 1))
            return
        }
        let code = value.withCString { sqlite3_bind_text(handle, index + 1, $0, -1, tempest_sqlite_transient()) }
        try check(code)
    }

    /// Binds a blob (or NULL) to the parameter at `index` (0-based); SQLite copies it.
    public func bind(_ value: [UInt8]?, at index: Int32) throws(SQLiteError) {
        guard let value else {
            try check(sqlite3_bind_null(handle, index + 1))
            return
        }
        let code = value.withUnsafeBytes { buffer in
            // An empty array may have no base address; SQLite needs a non-null pointer for a zero-length blob.
            sqlite3_bind_blob(handle, index + 1, buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(buffer.count), tempest_sqlite_transient())
        }
        try check(code)
    }

    /// Binds a boolean as 0 or 1.
    public func bind(_ value: Bool, at index: Int32) throws(SQLiteError) {
        try bind(Int64(value ? 1 : 0), at: index)
    }

    /// Resets the statement and clears its bindings so it can run again.
    public func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    // MARK: Stepping

    /// Advances to the next row; returns false when the statement is done.
    @discardableResult
    public func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = SQLiteError(code: code, connection: database.handle, context: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Runs a statement that returns no rows (or ignores them), then resets it.
    public func run() throws(SQLiteError) {
        defer { reset() }
        while try step() {}
    }

    // MARK: Reading

    /// Whether the column at `index` (0-based) is NULL in the current row.
    public func isNull(_ index: Int32) -> Bool {
        sqlite3_column_type(handle, index) == SQLITE_NULL
    }

    /// The column at `index` as an integer (NULL reads as nil).
    public func int64(_ index: Int32) -> Int64? {
        isNull(index) ? nil : sqlite3_column_int64(handle, index)
    }

    /// The column at `index` as an `Int` (NULL reads as nil).
    public func int(_ index: Int32) -> Int? {
        int64(index).map { Int($0) }
    }

    /// The column at `index` as a floating-point value (NULL reads as nil).
    public func double(_ index: Int32) -> Double? {
        isNull(index) ? nil : sqlite3_column_double(handle, index)
    }

    /// The column at `index` as text (NULL reads as nil).
    public func string(_ index: Int32) -> String? {
        guard !isNull(index), let pointer = sqlite3_column_text(handle, index) else { return nil }
        // Read the length after the text, as SQLite asks; text may hold NUL characters.
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    /// The column at `index` as bytes (NULL reads as nil).
    public func bytes(_ index: Int32) -> [UInt8]? {
        guard !isNull(index) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        guard count > 0, let pointer = sqlite3_column_blob(handle, index) else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }

    private func check(_ code: Int32) throws(SQLiteError) {
        guard code == SQLITE_OK else {
            throw SQLiteError(code: code, connection: database.handle, context: sql)
        }
    }
}
