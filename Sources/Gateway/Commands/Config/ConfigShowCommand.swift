// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ArgumentParser
import Configuration
import GatewayCore
import JSON
import TempestUDP

/// `tempest-gateway config show`: every setting's effective value and where
/// it came from.
struct ConfigShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show every setting, its value and where it came from.",
        discussion: """
            Each line names the key, its value, and its source: the default, a line of the file, or an \
            environment variable. Secrets are never shown: only where each would be read from.

            Examples:
              tempest-gateway config show
              tempest-gateway config show --config ./config.toml --json
            """
    )

    @OptionGroup var configOptions: ConfigFileOptions

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
        let (loaded, problems) = try configOptions.loadChecked()
        // Where each secret would be read from, never the secret.
        let secrets = loaded.configuration.secretSources.map { (label: $0.label, source: $0.source.map { "from \($0)" } ?? "none") }
        if json {
            StandardOutput.line(jsonText(loaded, problems: problems, secrets: secrets))
            return
        }
        let style = TerminalStyle.standardOutput
        StandardOutput.line(
            "Configuration file: "
                + (loaded.path ?? "none (\(configOptions.path) does not exist; the embedded defaults apply)"))
        var section = ""
        let stationCount = loaded.stations.count
        for setting in loaded.allSettings {
            let heading: String
            if let tables = loaded.lists[setting.key.section] {
                heading = "[[\(setting.key.section)]] \(setting.element + 1) of \(tables.count)"
            } else if stationCount > 1 && setting.key.section == "station" {
                heading = "[[station]] \(setting.element + 1) of \(stationCount)"
            } else {
                heading = "[\(setting.key.section)]"
            }
            if heading != section {
                section = heading
                StandardOutput.line("")
                StandardOutput.line(style.emphasized(heading))
            }
            let value = setting.value?.tomlText ?? "unset, meaning \(Self.defaultNote(setting, in: loaded) ?? "none")"
            StandardOutput.line("  \(setting.label): \(value); from: \(setting.origin)")
        }
        StandardOutput.line("")
        StandardOutput.line(style.emphasized("Secrets") + " (values never shown):")
        for secret in secrets {
            StandardOutput.line("  \(secret.label): \(secret.source)")
        }
        if !problems.isEmpty {
            StandardOutput.line("")
            StandardOutput.line("Problems: \(problems.count); these settings use their previous value:")
            for problem in problems { StandardOutput.line("  \(problem)") }
        }
    }

    /// The key's default note, with a list table's number for `<N>`
    /// (`$TEMPEST_EXPORT_2_TOKEN`) and an `[[upload]]` table's service for
    /// `<SERVICE>` and `<service>` (`$TEMPEST_UPLOAD_WINDY_KEY`); an upload
    /// key the table's service does not use (`server` but for CWOP, `url`
    /// for CWOP) says so.
    static func defaultNote(_ setting: ResolvedSetting, in loaded: LoadedConfiguration) -> String? {
        guard let note = setting.key.defaultNote else { return nil }
        guard ConfigurationSchema.listSections.contains(setting.key.section) else { return note }
        var text = note.replacing("<N>", with: String(setting.element + 1))
        let table = loaded.lists[setting.key.section].flatMap { $0.indices.contains(setting.element) ? $0[setting.element] : nil } ?? []
        if case .string(let name)? = table.first(where: { $0.key.name == "service" })?.value, let service = UploadService(rawValue: name) {
            if setting.key.name == "server" && service != .cwop { return "none (CWOP only)" }
            if setting.key.name == "url" && service == .cwop { return "none (CWOP takes a server instead)" }
            text = text.replacing("<SERVICE>", with: service.rawValue.uppercased()).replacing("<service>", with: service.rawValue)
        }
        return text
    }

    private func jsonText(
        _ loaded: LoadedConfiguration, problems: [ConfigurationProblem], secrets: [(label: String, source: String)]
    ) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.member("file", loaded.path)
        writer.key("settings")
        writer.beginArray()
        for setting in loaded.allSettings {
            writer.beginObject()
            writer.member("key", setting.label)
            writer.key("value")
            Self.write(setting.value, into: &writer)
            writer.member("default_note", Self.defaultNote(setting, in: loaded))
            writer.member("origin", setting.origin.kind)
            if case .file(let line) = setting.origin { writer.member("line", Int64(line)) }
            if case .environment(let variable) = setting.origin { writer.member("variable", variable) }
            // No variable sets a key of a list section (which table would it set?).
            writer.member("environment_variable", loaded.lists[setting.key.section] == nil ? setting.key.environmentVariable : nil)
            writer.endObject()
        }
        writer.endArray()
        writer.key("secrets")
        writer.beginArray()
        for secret in secrets {
            writer.beginObject()
            writer.member("secret", secret.label)
            writer.member("source", secret.source)
            writer.endObject()
        }
        writer.endArray()
        writer.key("problems")
        writer.beginArray()
        for problem in problems { ConfigurationChecks.write(problem, to: &writer) }
        writer.endArray()
        writer.endObject()
        return writer.text
    }

    /// A configuration value as JSON (an array of its elements for a list).
    private static func write(_ value: TOMLValue?, into writer: inout JSONWriter) {
        switch value {
        case .string(let text)?: writer.value(text)
        case .integer(let number)?: writer.value(number)
        case .float(let number)?: writer.value(number)
        case .boolean(let flag)?: writer.value(flag)
        case .array(let elements)?:
            writer.beginArray()
            for element in elements { write(element, into: &writer) }
            writer.endArray()
        case nil: writer.value(nil as String?)
        }
    }
}
