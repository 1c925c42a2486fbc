// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ArgumentParser
import Configuration
import GatewayCore
import Pipeline
import SystemSupport

/// `--database PATH`, shared by every command that reads or writes the store.
struct DatabaseOptions: ParsableArguments {
    @Option(
        help: """
            The SQLite database file (default: storage.database of the configuration, else \
            $STATE_DIRECTORY/tempest-gateway.db, else /var/lib/tempest-gateway/tempest-gateway.db when that \
            directory exists, else ./tempest-gateway.db).
            """
    )
    var database: String?

    /// The path to use: the option, else `storage.database` from the default
    /// configuration file and the environment (ignored when they have
    /// problems; `config validate` reports those), else the default place
    /// (``ServicePaths/readerDatabasePath()``).
    var path: String {
        database
            ?? (try? ConfigurationLoader.load(explicitPath: nil, environment: ProcessEnvironment.current()))?
            .configuration.storage.database
            ?? ServicePaths.readerDatabasePath()
    }

    /// The path to use with a configuration already loaded (from `--config`).
    func path(configuredIn configuration: GatewayConfiguration) -> String {
        database ?? configuration.storage.database ?? ServicePaths.readerDatabasePath()
    }
}
