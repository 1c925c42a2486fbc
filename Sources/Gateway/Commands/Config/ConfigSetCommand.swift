// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ArgumentParser
import Configuration
import GatewayCore
import Glibc

/// `tempest-gateway config set KEY VALUE`: changes one key in the file and
/// keeps everything else, comments included.
struct ConfigSetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Set one key in the configuration file, keeping comments and other lines.",
        discussion: """
            KEY is section.name, as `config show` lists them; station[N].name sets a key of the Nth \
            station of a file with [[station]] tables (station.name is the first's). VALUE needs no quotes: text is quoted for \
            you, numbers and true/false are written as such. The result is checked before it is written \
            (an edit may fix one problem of a broken file, never add one), and the file is replaced \
            atomically with its mode kept; a file that does not exist is created. Unknown keys and values \
            the key does not allow are refused.

            Examples:
              tempest-gateway config set mqtt.host broker.lan
              tempest-gateway config set mqtt.port 8883 --config ./config.toml
              tempest-gateway config set station.timezone America/Denver
              tempest-gateway config set station[2].elevation 1400   (the second [[station]])
            """
    )

    @Argument(help: "The key, such as mqtt.host.")
    var key: String

    @Argument(help: "The value, such as broker.lan or 8883.")
    var value: String

    @OptionGroup var configOptions: ConfigFileOptions

    func run() throws {
        let path = configOptions.path
        let existing = try ConfigurationFile.read(path)
        let edited = try ConfigurationEditor.setting(key, to: value, in: existing ?? "")
        // What only the gateway can check, such as a time zone this system knows.
        let result = ConfigurationLoader.resolve(fileText: edited, path: path, environment: [:])
        let keyProblems = ConfigurationChecks.problems(of: result).filter { $0.key == key }
        guard keyProblems.isEmpty else { throw ConfigurationError.invalid(path: nil, problems: keyProblems) }
        try ConfigurationFile.write(edited, to: path)
        let written = result.allSettings.first { $0.label == key } ?? result.setting(key)
        StandardOutput.line(
            (existing == nil ? "Created \(path) with " : "Set ") + "\(key) = \(written?.value?.tomlText ?? value) in \(path).")
        if let variable = written?.key.environmentVariable, getenv(variable) != nil {
            StandardOutput.line("Note: the environment variable \(variable) is set and overrides the file.")
        }
    }
}
