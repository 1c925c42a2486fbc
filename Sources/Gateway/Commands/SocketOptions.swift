// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ArgumentParser
import GatewayCore
import Pipeline

/// `--socket PATH`: the running gateway's status socket, for the commands
/// that ask it (`status`, `doctor`).
struct SocketOptions: ParsableArguments {
    @Option(
        help: """
            The running gateway's status socket (default: the database's own socket for an explicit \
            --database; else $RUNTIME_DIRECTORY/tempest-gateway.sock when set, then \
            /run/tempest-gateway/tempest-gateway.sock when it exists, then the database path plus .sock).
            """
    )
    var socket: String?

    /// The socket to ask: the option, else the first place
    /// ``ServicePaths/socketPath(database:databaseIsExplicit:)`` finds for
    /// `database` (which the caller resolved from its `--database`).
    func path(database: String, databaseIsExplicit: Bool) -> String {
        socket ?? ServicePaths.socketPath(database: database, databaseIsExplicit: databaseIsExplicit)
    }
}
