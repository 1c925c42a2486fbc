// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import TempestTestKit
import Testing

/// packaging/config.toml, installed as /etc/tempest-gateway/config.toml.
@Suite("The shipped example configuration")
struct ShippedExampleTests {
    private func example() throws -> String {
        let path = BuiltProducts.packageRoot + "/packaging/config.toml"
        guard let text = try ConfigurationFile.read(path) else { throw TestKitError("\(path) is missing") }
        return text
    }

    @Test("As shipped (every key commented out) it has no problems and means the defaults")
    func shippedIsDefaults() throws {
        let loaded = ConfigurationLoader.resolve(fileText: try example(), path: "config.toml", environment: [:])
        #expect(loaded.problems.isEmpty, "\(loaded.problems)")
        #expect(loaded.configuration == GatewayConfiguration())
    }

    @Test("Every key is documented in its section, with its default value when it has one")
    func everyKeyIsDocumented() throws {
        // Uncomment every `# key = value` line, and the `# [[export]]`
        // headers of the lists (none by default): each key must then be a
        // key of its section, valid, and (for keys with a default) equal to it.
        let uncommented = try example().split(separator: "\n", omittingEmptySubsequences: false).map { line in
            (line.hasPrefix("# ") && line.contains(" = ")) || line.hasPrefix("# [[") ? String(line.dropFirst(2)) : String(line)
        }.joined(separator: "\n")
        let loaded = ConfigurationLoader.resolve(fileText: uncommented, path: "config.toml", environment: [:])
        #expect(loaded.problems.isEmpty, "\(loaded.problems)")
        // A list section's keys may be spread over its example tables (a
        // token in one, a user in another): each is in one of them.
        var listed = [ResolvedSetting]()
        for section in ConfigurationSchema.listSections {
            let tables = loaded.lists[section] ?? []
            #expect(!tables.isEmpty, "[[\(section)]] has no commented table in the example")
            for key in ConfigurationSchema.keys where key.section == section {
                guard let given = tables.joined().first(where: { $0.key.path == key.path && $0.origin != .defaultValue }) else {
                    Issue.record("\(key.path) is in no [[\(section)]] table of the example")
                    continue
                }
                listed.append(given)
            }
        }
        for setting in loaded.settings + listed {
            guard case .file = setting.origin else {
                Issue.record("\(setting.key.path) is not in the example")
                continue
            }
            if let defaultValue = setting.key.defaultValue {
                #expect(setting.value == defaultValue, "\(setting.key.path) shows \(setting.value?.tomlText ?? "nothing")")
            }
        }
    }
}
