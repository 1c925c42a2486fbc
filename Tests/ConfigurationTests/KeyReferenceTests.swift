// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import TempestTestKit
import Testing

/// docs/configuration.md is the reference for the configuration keys: it
/// documents every key of the shipped example, and documents no key the
/// gateway does not have.
@Suite("The configuration key reference")
struct KeyReferenceTests {
    private func read(_ relativePath: String) throws -> String {
        let path = BuiltProducts.packageRoot + "/" + relativePath
        guard let text = try ConfigurationFile.read(path) else { throw TestKitError("\(path) is missing") }
        return text
    }

    /// `section.key` of every `# key = value` (or `key = value`) line of the example.
    private func exampleKeys() throws -> [String] {
        var section = ""
        var keys = [String]()
        for rawLine in try read("packaging/config.toml").split(separator: "\n") {
            let line = rawLine.hasPrefix("# ") ? rawLine.dropFirst(2) : rawLine[...]
            if line.hasPrefix("[") && line.hasSuffix("]") {
                // `[section]`, or `[[section]]` for a list of tables.
                section = String(line.filter { $0 != "[" && $0 != "]" })
            } else if let equals = line.range(of: " = "), !line.hasPrefix(" ") {
                let name = line[..<equals.lowerBound]
                if !name.isEmpty && name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                    keys.append("\(section).\(name)")
                }
            }
        }
        return keys
    }

    /// The keys the reference's tables document: the first cell of each row.
    private func documentedKeys() throws -> [String] {
        try read("docs/configuration.md").split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("| `") else { return nil }
            let cell = line.dropFirst(3).prefix { $0 != "`" }
            return String(cell)
        }
    }

    @Test("every key of packaging/config.toml is in docs/configuration.md")
    func exampleKeysAreDocumented() throws {
        let example = try exampleKeys()
        #expect(example.count >= ConfigurationSchema.keys.count, "found only \(example.count) keys in the example")
        let documented = Set(try documentedKeys())
        for key in example {
            #expect(documented.contains(key), "\(key) is in packaging/config.toml but not in docs/configuration.md")
        }
    }

    @Test("every key documented in docs/configuration.md exists in the schema, and the schema's keys are all there")
    func documentedKeysExist() throws {
        let documented = try documentedKeys()
        #expect(!documented.isEmpty)
        for key in documented {
            #expect(ConfigurationSchema.key(key) != nil, "docs/configuration.md documents \(key), which the gateway does not have")
        }
        for key in ConfigurationSchema.keys {
            #expect(documented.contains(key.path), "\(key.path) is missing from docs/configuration.md")
        }
    }
}
