// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ArgumentParser
import Configuration
import GatewayCore
import SystemSupport

/// `--config FILE`: the configuration file, shared by `run` and the
/// `config` commands. Without it, /etc/tempest-gateway/config.toml is read
/// if it exists; a file named with `--config` must exist.
struct ConfigFileOptions: ParsableArguments {
    @Option(
        name: .customLong("config"),
        help: ArgumentHelp(
            "The configuration file (default: \(ConfigurationLoader.defaultPath), when it exists).", valueName: "file"))
    var config: String?

    /// The file that is read, or would be.
    var path: String { config ?? ConfigurationLoader.defaultPath }

    /// The file and the `TEMPEST_GATEWAY_*` environment variables over the
    /// defaults, with every problem found.
    func load() throws -> LoadedConfiguration {
        try ConfigurationLoader.load(explicitPath: config, environment: ProcessEnvironment.current())
    }

    /// The loaded configuration and every problem, including those only
    /// the gateway can see (see ``ConfigurationChecks``).
    func loadChecked() throws -> (loaded: LoadedConfiguration, problems: [ConfigurationProblem]) {
        let loaded = try load()
        return (loaded, ConfigurationChecks.problems(of: loaded))
    }

    /// The configuration, or an error naming every bad key and what is
    /// wrong with it (including the checks of ``loadChecked()``). With an
    /// `emptyFileGuard`, a reload (`reloading`) of a file that sets no key
    /// may be an error too (see ``EmptyFileGuard``).
    func configuration(emptyFileGuard: EmptyFileGuard? = nil, reloading: Bool = false) throws -> GatewayConfiguration {
        let (loaded, problems) = try loadChecked()
        guard problems.isEmpty else { throw ConfigurationError.invalid(path: loaded.path, problems: problems) }
        try emptyFileGuard?.admit(loaded, reloading: reloading)
        return loaded.configuration
    }

    /// The configuration for a reporting command's preferences (units, the
    /// station's time zone). A file named with `--config` must load
    /// cleanly; the default file is only a preference: when it cannot be
    /// read or has problems (a user without permission to read the
    /// service's file, say), a note goes to standard error and the
    /// defaults apply, so reading the database never fails for it.
    func preferences() throws -> GatewayConfiguration {
        if config != nil { return try configuration() }
        do {
            return try configuration()
        } catch {
            StandardOutput.errorLine("note: \(error); using the default preferences.")
            return GatewayConfiguration()
        }
    }
}
