// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

extension Database {
    /// The schema version stored in the file (`PRAGMA user_version`).
    public func schemaVersion() throws -> Int {
        Int(try scalarInt("PRAGMA user_version") ?? 0)
    }

    /// Applies every migration above the file's version up to `targetVersion`
    /// (all of them when nil), each in its own `BEGIN IMMEDIATE` transaction
    /// together with the new `user_version`, so a crash leaves the file at a
    /// whole version. Returns the versions applied.
    ///
    /// - Throws: `StorageError.databaseNewerThanBinary` when the file is
    ///   newer than the last migration, without touching it.
    @discardableResult
    public func migrate(_ migrations: [Migration] = Schema.migrations, upTo targetVersion: Int? = nil) throws -> [Int] {
        let latest = migrations.last?.version ?? 0
        let current = try schemaVersion()
        guard current <= latest else {
            throw StorageError.databaseNewerThanBinary(found: current, supported: latest)
        }
        let target = min(targetVersion ?? latest, latest)
        var applied: [Int] = []
        for migration in migrations where migration.version > current && migration.version <= target {
            try transaction(.immediate) {
                // Re-read inside the lock: another process may have migrated meanwhile.
                guard try schemaVersion() < migration.version else { return }
                try execute(migration.sql)
                try execute("PRAGMA user_version = \(migration.version)")
                applied.append(migration.version)
            }
        }
        return applied
    }
}
