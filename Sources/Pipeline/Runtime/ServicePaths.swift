// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import SystemSupport

/// Where the database and the status socket are when no option names them,
/// for the daemon and for the commands that look for it.
///
/// The daemon (`run`) keeps its database in `$STATE_DIRECTORY` (systemd's
/// `StateDirectory=`) and its status socket in `$RUNTIME_DIRECTORY`
/// (`RuntimeDirectory=`), else both in the current directory as before.
///
/// The other commands (`status`, `doctor`, `history`, `export`, `db ...`)
/// look, in this order: the explicit option (and for the database
/// `storage.database` of the configuration), then `$STATE_DIRECTORY` /
/// `$RUNTIME_DIRECTORY` when set, then the packaged paths
/// (`/var/lib/tempest-gateway/tempest-gateway.db`,
/// `/run/tempest-gateway/tempest-gateway.sock`) when they exist, then the
/// current directory. `$TEMPEST_PACKAGED_ROOT`, when set, is put in front of
/// the packaged paths: for tests and containers that hold a packaged layout
/// under another root.
public enum ServicePaths {
    /// The database's file name in every directory above.
    public static let databaseFileName = "tempest-gateway.db"
    /// The status socket's file name in a runtime directory.
    public static let socketFileName = "tempest-gateway.sock"
    /// The variable that moves the packaged paths under another root.
    public static let packagedRootVariable = "TEMPEST_PACKAGED_ROOT"

    /// The packaged state directory (the unit's `StateDirectory=`).
    public static var packagedStateDirectory: String { packagedRoot + "/var/lib/tempest-gateway" }
    /// The packaged runtime directory (the unit's `RuntimeDirectory=`).
    public static var packagedRuntimeDirectory: String { packagedRoot + "/run/tempest-gateway" }

    /// The database `run` uses with no option or configured path:
    /// `$STATE_DIRECTORY/tempest-gateway.db`, else `./tempest-gateway.db`.
    /// Never the packaged path: a `run` started by hand next to the service
    /// must not write the service's database.
    public static func daemonDatabasePath() -> String {
        directory(from: "STATE_DIRECTORY").map { $0 + "/" + databaseFileName } ?? "./" + databaseFileName
    }

    /// The status socket `run` opens for `database`:
    /// `$RUNTIME_DIRECTORY/tempest-gateway.sock` under systemd, else the
    /// database path plus `.sock`.
    public static func daemonSocketPath(database: String) -> String {
        directory(from: "RUNTIME_DIRECTORY").map { $0 + "/" + socketFileName } ?? database + ".sock"
    }

    /// The database the other commands read with no option or configured
    /// path: `$STATE_DIRECTORY`'s, else the packaged one when its directory
    /// exists (even when it is private to the service: the error then says
    /// so, which is better than reading another file), else
    /// `./tempest-gateway.db`.
    public static func readerDatabasePath() -> String {
        if let directory = directory(from: "STATE_DIRECTORY") { return directory + "/" + databaseFileName }
        if exists(packagedStateDirectory) { return packagedStateDirectory + "/" + databaseFileName }
        return "./" + databaseFileName
    }

    /// Where to look for the daemon's status socket, best first: for an
    /// explicitly named database, its own socket and, when it is the
    /// service's database, the service's; else the runtime directory's
    /// socket (`$RUNTIME_DIRECTORY`, then the packaged one when it exists),
    /// then the socket beside `database`.
    public static func socketCandidates(database: String, databaseIsExplicit: Bool) -> [String] {
        var runtime = [String]()
        if let directory = directory(from: "RUNTIME_DIRECTORY") { runtime.append(directory + "/" + socketFileName) }
        runtime.append(packagedRuntimeDirectory + "/" + socketFileName)
        let beside = database + ".sock"
        guard databaseIsExplicit else { return runtime + [beside] }
        let serviceDatabases = [directory(from: "STATE_DIRECTORY"), packagedStateDirectory].compactMap { $0 }
            .map { normalized($0 + "/" + databaseFileName) }
        return serviceDatabases.contains(normalized(database)) ? [beside] + runtime : [beside]
    }

    /// The first of ``socketCandidates(database:databaseIsExplicit:)`` that
    /// exists, else the socket beside the database, which the "not running"
    /// message then names.
    public static func socketPath(database: String, databaseIsExplicit: Bool) -> String {
        socketCandidates(database: database, databaseIsExplicit: databaseIsExplicit).first(where: exists) ?? database + ".sock"
    }

    /// `$TEMPEST_PACKAGED_ROOT` without a trailing slash, else "".
    static var packagedRoot: String {
        var root = ProcessEnvironment.value(packagedRootVariable) ?? ""
        while root.hasSuffix("/") { root.removeLast() }
        return root
    }

    /// The first directory of a systemd directory variable (it may list
    /// several, separated by colons), or nil when unset or empty.
    static func directory(from variable: String) -> String? {
        guard let value = ProcessEnvironment.value(variable) else { return nil }
        let first = value.split(separator: ":").first.map(String.init) ?? ""
        return first.isEmpty ? nil : first
    }

    /// Whether `path` exists as an entry (a dangling or unreadable symbolic
    /// link counts: DynamicUser= makes /var/lib/tempest-gateway one).
    static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// `path` without `./` segments and doubled slashes, to compare paths
    /// written differently.
    static func normalized(_ path: String) -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }
}
