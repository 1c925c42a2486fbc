// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ArgumentParser
import GatewayCore

/// `tempest-gateway config`: read, check and change the configuration file.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show, check and change the configuration.",
        discussion: """
            The configuration file is TOML: [section] headers, key = value lines and # comments \
            (default: /etc/tempest-gateway/config.toml; another with --config FILE). Every setting can also \
            come from an environment variable named TEMPEST_GATEWAY_<SECTION>_<KEY> in upper case, such as \
            TEMPEST_GATEWAY_MQTT_HOST. A command-line option of `run` beats the environment, which beats the \
            file, which beats the embedded default. Secrets never go in the file: name a file holding each \
            one (mqtt.password_file, weatherflow.token_file, forecast.api_key_file).
            """,
        subcommands: [ConfigShowCommand.self, ConfigValidateCommand.self, ConfigSetCommand.self]
    )
}
