// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ArgumentParser
import Configuration
import GatewayCore
import JSON
import TempestUDP

/// `tempest-gateway config validate`: every problem of the file and the
/// environment, one per line; a non-zero exit status when there is any.
struct ConfigValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check the configuration file and environment; list every problem.",
        discussion: """
            Prints one line per problem: where (the file's line, or the environment variable), the key, \
            what is wrong, and what is allowed, such as
              line 12: mqtt.port: "abc" is not a whole number; allowed: a whole number from 1 to 65535
            Exits with status 1 when there is any problem, 0 otherwise. A file that sets no key (empty, or \
            only comments) is valid with a warning: every setting is then its default, and a gateway running \
            on settings from a file refuses to reload it unless started with --allow-empty.

            Examples:
              tempest-gateway config validate
              tempest-gateway config validate --config ./config.toml --json
            """
    )

    @OptionGroup var configOptions: ConfigFileOptions

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
        let (loaded, problems) = try configOptions.loadChecked()
        if json {
            var writer = JSONWriter()
            writer.beginObject()
            writer.member("file", loaded.path)
            writer.member("valid", problems.isEmpty)
            writer.key("warnings")
            writer.beginArray()
            for warning in loaded.warnings { writer.value(warning) }
            writer.endArray()
            writer.key("problems")
            writer.beginArray()
            for problem in problems { ConfigurationChecks.write(problem, to: &writer) }
            writer.endArray()
            writer.endObject()
            StandardOutput.line(writer.text)
        } else {
            let source = loaded.path ?? "the embedded defaults (no file at \(configOptions.path))"
            for problem in problems { StandardOutput.line(problem.description) }
            for warning in loaded.warnings { StandardOutput.line("Warning: " + warning + ".") }
            if problems.isEmpty {
                StandardOutput.line("OK: \(source) and the environment have no problems.")
            } else {
                StandardOutput.line("\(problems.count) " + (problems.count == 1 ? "problem" : "problems") + " in \(source) and the environment.")
            }
        }
        if !problems.isEmpty { throw ExitCode(1) }
    }
}
