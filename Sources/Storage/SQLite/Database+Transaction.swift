// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import CSQLite

extension Database {
    /// How a transaction takes its locks.
    public enum TransactionKind: String, Sendable {
        /// Takes the write lock only at the first write.
        case deferred = "DEFERRED"
        /// Takes the write lock at once, so a writer never fails half-way
        /// with `SQLITE_BUSY` on lock upgrade.
        case immediate = "IMMEDIATE"
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back
    /// when it (or the commit) throws.
    public func transaction<Result>(
        _ kind: TransactionKind = .immediate,
        _ body: () throws -> Result
    ) throws -> Result {
        // Prepared once and kept, like every other statement: parsing them
        // again for each of a station's transactions was measurable.
        try run("BEGIN \(kind.rawValue)")
        do {
            let result = try body()
            try run("COMMIT")
            return result
        } catch {
            // ROLLBACK fails harmlessly when SQLite already rolled back (for example on SQLITE_FULL).
            if isInTransaction { try? execute("ROLLBACK") }
            throw error
        }
    }
}
