// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ArgumentParser

/// The exit statuses of `tempest-gateway`, the same for every command, so
/// that a service manager can tell a setup to fix from a failure to retry
/// (the systemd unit does not restart on 64 or 78).
enum ExitStatus {
    /// Success.
    static let success: Int32 = 0
    /// A failure at run time (the database, the network, a check that
    /// found problems); trying again may work.
    static let failure: Int32 = 1
    /// The command line is wrong (EX_USAGE); ArgumentParser's own status.
    static let usage: Int32 = 64
    /// The configuration file or `TEMPEST_GATEWAY_*` variables have a
    /// problem (EX_CONFIG); nothing works until it is fixed.
    static let configuration: Int32 = 78

    /// The statuses as `--help` lists them.
    static let helpText =
        "Exit status: 0 success; 1 a failure at run time (retrying may help); 64 a wrong command line; "
        + "78 a problem in the configuration file or TEMPEST_GATEWAY_* variables."

    /// Prints `error` as ArgumentParser prints errors and exits with 78.
    static func configurationProblem(_ error: any Error) -> ExitCode {
        StandardOutput.errorLine("Error: \(error)")
        return ExitCode(configuration)
    }
}
