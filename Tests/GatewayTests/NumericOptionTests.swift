// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Testing
import TempestTestKit

/// Every option that takes a number takes a negative one as the next
/// argument (`--longitude -105.0`), as people type it.
@Suite("negative numbers in options")
struct NumericOptionTests {
    @Test("a negative whole number after the option reaches its validation, not 'Missing value'")
    func negativeWholeNumber() throws {
        let result = try Gateway.run(["listen", "--seconds", "-1"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--seconds must be at least 1, not -1"), "\(result.standardError)")
        #expect(!result.standardError.contains("Missing value"))
    }

    @Test("a negative decimal after the option is taken as the value")
    func negativeDecimal() throws {
        let directory = try TemporaryDirectory()
        let result = try Gateway.run(["run", "--database", directory.file("g.db"), "--elevation", "-600", "--no-mqtt"])
        #expect(result.status == 64)
        // The value reached the key's rule (-500 to 9000 metres).
        #expect(result.standardError.contains("--elevation"), "\(result.standardError)")
        #expect(result.standardError.contains("station.elevation"), "\(result.standardError)")
        #expect(!result.standardError.contains("Missing value"))
    }

    @Test("every numeric @Option in the CLI's sources parses its next argument unconditionally")
    func everyNumericOption() throws {
        let root = BuiltProducts.packageRoot + "/Sources/Gateway"
        let files = try #require(FileManager.default.enumerator(atPath: root)?.allObjects as? [String]).filter { $0.hasSuffix(".swift") }
        // An attribute and the declaration right after it; the type is
        // checked apart, so a match never runs on to a later declaration.
        let declaration = try Regex(#"@Option\((?:[^@]*?)\)\s*\n\s*var \w+: ([\w.\[\]?]+)"#)
        let numericType = try Regex(#"^\[?(Double|Float|U?Int\d*)\]?\??$"#)
        var numeric = 0
        for file in files {
            let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
            for match in text.matches(of: declaration) {
                let attribute = String(text[match.range])
                guard let type = attribute.split(separator: ":").last?.trimmingCharacters(in: .whitespaces),
                    type.wholeMatch(of: numericType) != nil
                else { continue }
                numeric += 1
                #expect(attribute.contains("parsing: .unconditional"), "\(file): \(attribute.prefix(120))")
            }
        }
        #expect(numeric >= 30, "found only \(numeric) numeric options")
    }
}
