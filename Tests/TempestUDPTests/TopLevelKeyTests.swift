// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Testing
@testable import TempestUDP

/// The scanner recognises top-level keys by packed constants; each must
/// match its wire name exactly, and nothing else.
@Suite("Top-level key recognition")
struct TopLevelKeyTests {
    func match(_ name: String) -> TopLevelKey? {
        var name = name
        return name.withUTF8 { TopLevelKey.match($0.baseAddress!, count: $0.count) }
    }

    @Test("every key is recognised by its wire name", arguments: TopLevelKey.allCases)
    func recognised(key: TopLevelKey) {
        #expect(match(key.wireName.description) == key)
        #expect(TopLevelKey.match(name: key.wireName.description) == key)
    }

    @Test("near misses are not keys", arguments: ["typ", "Type", "types", "serial_numbeR", "hub_sN", "obs_", "firmware_revisioN", "x", ""])
    func nearMisses(name: String) {
        #expect(match(name) == nil)
    }
}
