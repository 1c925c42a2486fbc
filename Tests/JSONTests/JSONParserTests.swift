// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON
import Testing

@Suite struct JSONParserTests {
    @Test func parsesNestedDocument() throws {
        let value = try JSONValue.parse(#" {"a": [1, -2.5e1, true, null, "x\n\u00e9\ud83d\ude00"], "b": {"c": 3.0}} "#)
        #expect(value["a"]?.arrayValue?.count == 5)
        #expect(value["a"]?.arrayValue?[1].doubleValue == -25)
        #expect(value["a"]?.arrayValue?[3].isNull == true)
        #expect(value["a"]?.arrayValue?[4].stringValue == "x\né😀")
        #expect(value["b"]?["c"]?.int64Value == 3)
        #expect(value["missing"] == nil)
    }

    @Test(arguments: [#"{"a": [1, 2"#, #"{"a": "#, #"{"a": "abc"#, "[1.", "[-"])
    func truncatedTextIsReportedAsTruncation(text: String) {
        #expect {
            try JSONValue.parse(text)
        } throws: { error in
            (error as? JSONParseError)?.isTruncation == true
        }
    }

    @Test(arguments: ["[01]", "{a:1}", "[1,]", "\"\\x\"", "[1] 2", "nul", "[1e]", "[1e400]", "[NaN]", "\"\u{1}\""])
    func invalidTextFails(text: String) {
        #expect(throws: JSONParseError.self) { try JSONValue.parse(text) }
    }

    @Test func invalidUTF8Fails() {
        #expect {
            try JSONParser().parse([0x22, 0xC3, 0x28, 0x22])
        } throws: { error in
            (error as? JSONParseError)?.code == .invalidUTF8
        }
    }

    /// The datagram decoder's rule, which every reader shares: tolerant of
    /// a lone surrogate, strict about everything else.
    @Test func loneSurrogateEscapeReadsAsReplacementCharacter() throws {
        #expect(try JSONValue.parse(#"["\ud800", "\udc00x"]"#) == .array([.string("\u{FFFD}"), .string("\u{FFFD}x")]))
    }

    @Test func emptyTextIsTruncation() {
        #expect {
            try JSONParser().parse([])
        } throws: { error in
            (error as? JSONParseError)?.isTruncation == true
        }
    }

    @Test("errors name the problem and the byte where it is", arguments: [
        ("{\"a\": [1, 2", "JSON text ends early at byte 11 (truncated?)"),
        ("[1] 2", "content after the JSON value at byte 4"),
        ("[1,]", "unexpected byte 0x5d in JSON at byte 3"),
        ("[1e]", "invalid JSON number at byte 3"),
        ("[1e400]", "invalid JSON number at byte 1"),
        ("\"\\x\"", "invalid string escape in JSON at byte 1"),
    ])
    func errorDescriptions(text: String, description: String) {
        #expect {
            try JSONValue.parse(text)
        } throws: { error in
            String(describing: error) == description
        }
    }

    @Test func depthAndSizeAreLimited() {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(throws: JSONParseError.self) { try JSONParser(maximumDepth: 64).parse(Array(deep.utf8)) }
        #expect(throws: Never.self) { try JSONParser(maximumDepth: 100).parse(Array(deep.utf8)) }
        #expect {
            try JSONParser(maximumBytes: 3).parse(Array("[1,2]".utf8))
        } throws: { error in
            String(describing: error) == "JSON text larger than 3 bytes"
        }
    }
}
