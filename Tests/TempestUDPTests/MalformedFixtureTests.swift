// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Testing
import TempestUDP

/// Every line of `malformed.jsonl` gets the disposition its README lists,
/// with the reason category we chose for it.
@Suite("Malformed datagrams")
struct MalformedFixtureTests {
    /// Expected disposition per 1-based line: a reject category, "ignore",
    /// or "accept" (line 13, counted as an unexpected serial prefix).
    static let expectations: [Int: String] = [
        1: "invalid_json", 2: "invalid_json", 3: "missing_field", 4: "not_an_object", 5: "not_an_object",
        6: "not_an_object", 7: "not_an_object", 8: "missing_field", 9: "missing_field", 10: "wrong_type",
        11: "invalid_serial_number", 12: "invalid_serial_number", 13: "accept", 14: "wrong_type",
        15: "ignore", 16: "ignore", 17: "wrong_type", 18: "bad_array_length", 19: "wrong_type",
        20: "bad_array_length", 21: "bad_array_length", 22: "wrong_type", 23: "wrong_type",
        24: "invalid_timestamp", 25: "invalid_timestamp", 26: "invalid_timestamp", 27: "invalid_timestamp",
        28: "invalid_timestamp", 29: "non_finite_number", 30: "invalid_json", 31: "invalid_json",
        32: "invalid_json", 33: "bad_array_length", 34: "wrong_type", 35: "bad_array_length", 36: "wrong_type",
        37: "integer_out_of_range", 38: "missing_field", 39: "integer_out_of_range", 40: "wrong_type",
        41: "empty_datagram", 42: "empty_datagram", 43: "invalid_json", 44: "too_deep",
        45: "too_large", 46: "wrong_type", 47: "invalid_utf8", 48: "invalid_utf8", 49: "invalid_json",
        50: "invalid_json", 51: "invalid_json",
    ]

    @Test("the fixture file has the 51 documented lines")
    func lineCount() throws {
        #expect(try FixtureLoader.datagrams("malformed").count == 51)
    }

    @Test("each line gets its documented disposition", arguments: 1...51)
    func disposition(line: Int) throws {
        let datagram = try FixtureLoader.datagrams("malformed")[line - 1]
        let expected = try #require(MalformedFixtureTests.expectations[line])
        let result = DatagramDecoder().decode(datagram)
        switch (expected, result) {
        case ("accept", .decoded(_, let diagnostics)):
            #expect(diagnostics.hasUnexpectedSerialPrefix, "line \(line) must be counted as unexpected_serial_prefix")
        case ("ignore", .ignored):
            break
        case (_, .rejected(let error)):
            #expect(error.category.description == expected, "line \(line): \(error)")
            #expect(!error.detail.isEmpty)
        default:
            Issue.record("line \(line): expected \(expected), got \(result)")
        }
    }

    @Test("a decoder keeps working after every hostile line")
    func decoderSurvivesHostileInput() throws {
        let decoder = DatagramDecoder()
        let good = try FixtureLoader.datagrams("rapid_wind")[0]
        for datagram in try FixtureLoader.datagrams("malformed") {
            _ = decoder.decode(datagram)
            guard case .decoded = decoder.decode(good) else {
                Issue.record("a valid datagram failed after a hostile one")
                return
            }
        }
    }
}
