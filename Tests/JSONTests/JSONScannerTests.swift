// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON
import Testing

@Suite struct JSONScannerTests {
    /// Scans `text` and hands `body` the tape while its buffers live.
    private func scan<Result>(_ text: String, maximumDepth: Int = 8, tapeCapacity: Int = 64, _ body: (JSONTape) -> Result) throws -> Result {
        var bytes = Array(text.utf8)
        let tape = UnsafeMutablePointer<JSONToken>.allocate(capacity: tapeCapacity)
        defer { tape.deallocate() }
        return try bytes.withUnsafeMutableBufferPointer { text in
            var scanner = JSONScanner(
                bytes: text.baseAddress!, count: text.count, tape: tape, tapeCapacity: tapeCapacity, maximumDepth: maximumDepth)
            return body(try scanner.scan())
        }
    }

    @Test func objectMembersAreKeyThenValueAndNextSkipsSubtrees() throws {
        try scan(#"{"a":[1,{"b":null}],"c\u0041":"x"}"#) { json in
            #expect(json.count == 9)
            #expect(json[0].kind == .object && json[0].length == 2 && json[0].next == 9)
            #expect(json.string(at: 1, equals: "a"))
            #expect(json[2].kind == .array && json[2].length == 2 && json[2].next == 7)
            #expect(json[3].kind == .number && json[3].number == 1)
            #expect(json[4].kind == .object && json[4].length == 1 && json[4].next == 7)
            #expect(json.string(at: 5, equals: "b") && json[6].kind == .null)
            #expect(json[7].hasEscapes && json.decodedString(at: 7) == "cA" && json.string(at: 7, equals: "cA"))
            #expect(json.decodedString(at: 8) == "x")
        }
    }

    @Test func numbersAreParsedOnceIntoTheToken() throws {
        try scan("[0.140000,-0,1E2,1017.57]") { json in
            #expect((1...4).map { json[$0].number } == [0.14, -0.0, 100, 1017.57])
            #expect(json[1].length == 8)
        }
    }

    @Test func errorsCarryTheReasonAndOffset() {
        #expect {
            try scan(#"{"a" 1}"#) { _ in }
        } throws: { error in
            let error = error as? JSONParseError
            return error?.code == .syntax && error?.offset == 5 && error?.reason.description == "expected ':' after a member name"
        }
        #expect {
            try scan("[[[1]]]", maximumDepth: 2) { _ in }
        } throws: { error in
            (error as? JSONParseError)?.code == .tooDeep
        }
        #expect {
            try scan("[1,2,3]", tapeCapacity: 3) { _ in }
        } throws: { error in
            (error as? JSONParseError)?.code == .tooManyValues
        }
        #expect {
            try scan("[1e999]") { _ in }
        } throws: { error in
            (error as? JSONParseError)?.code == .nonFiniteNumber
        }
    }
}
