// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ArgumentParser
import GatewayCore
import Glibc
import Pipeline
import Storage

/// Opening the store from a command, with errors a person can act on.
enum StoreAccess {
    /// Opens `path` read-only; a missing file is a clear error, not a new database.
    static func openReadOnly(_ path: String) throws -> Store {
        guard FileStatus.exists(path) else { throw GatewayError.databaseMissing(path) }
        do {
            return try Store(readOnlyPath: path)
        } catch {
            throw GatewayError.databaseUnavailable(path, error)
        }
    }

    /// Opens `path` for writing (maintenance commands).
    static func openForWriting(_ path: String) throws -> Store {
        guard FileStatus.exists(path) else { throw GatewayError.databaseMissing(path) }
        do {
            return try Store(path: path)
        } catch {
            throw GatewayError.databaseUnavailable(path, error)
        }
    }

    /// `only` if given, else every device that has observations.
    static func observationSerials(_ store: Store, only: String?) throws -> [String] {
        if let only { return [only] }
        return try store.devices().filter { $0.kind != .hub }.map(\.serial).sorted()
    }
}


/// File checks without Foundation.
enum FileStatus {
    static func exists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }

    /// The folder holding `path`: "." for a bare file name, "/" at the root.
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
