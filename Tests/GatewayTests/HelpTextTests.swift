// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Testing
import TempestTestKit

/// Every command's help reads cleanly: it exists, teaches with examples,
/// and carries no stray backslash from a broken line continuation.
@Suite("help texts")
struct HelpTextTests {
    @Test(
        "help of each command",
        arguments: [
            ["run"], ["listen"], ["relay"], ["decode"], ["replay"], ["history"], ["export"], ["db", "stats"], ["status"], ["doctor"],
            ["stations"], ["setup"], ["select"], ["forecast"], ["config", "set"], ["config", "show"], ["config", "validate"],
        ])
    func helpText(_ command: [String]) throws {
        let result = try Gateway.run(command + ["--help"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("USAGE: tempest-gateway \(command.joined(separator: " "))"))
        #expect(!result.standardOutput.contains("\\"), "a stray backslash")
        #expect(!result.standardOutput.contains("Multiple"))
    }
}
