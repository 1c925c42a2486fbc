// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import SystemSupport
import Testing

@Suite("Trimming white space")
struct TrimmingTests {
    @Test("white space goes at both ends, stays inside", arguments: [
        ("  a b  ", "a b"), ("\t\r\nvalue\r\n", "value"), ("\u{00A0}x\u{2003}", "x"), ("plain", "plain"),
        ("", ""), (" \t\r\n ", ""),
    ])
    func trims(text: String, expected: String) {
        #expect(text.trimmingWhitespace() == expected)
        #expect(Substring(text).trimmingWhitespace() == expected)
    }
}
