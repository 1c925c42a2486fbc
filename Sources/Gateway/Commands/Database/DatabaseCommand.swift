// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ArgumentParser
import GatewayCore

/// `tempest-gateway db`: look after the SQLite database.
struct DatabaseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "db",
        abstract: "Inspect and maintain the database.",
        discussion: """
            These work while the gateway runs: SQLite's write-ahead log lets readers and one writer share the \
            file, and maintenance waits its turn.
            """,
        subcommands: [
            DatabaseStatsCommand.self, DatabaseCheckCommand.self, DatabasePruneCommand.self, DatabaseVacuumCommand.self,
        ]
    )
}
