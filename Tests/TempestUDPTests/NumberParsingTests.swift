// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Testing
import TempestTestKit
import TempestUDP

/// The scanner's own number parser must agree exactly with the standard
/// library's correctly rounded conversion. Checked on a fixed-seed sample of
/// literals shaped like datagram values and on hand-picked edge cases.
@Suite("Number parsing")
struct NumberParsingTests {
    /// Decodes `literal` as the wind speed of a rapid_wind datagram.
    func parse(_ literal: String) -> Double? {
        let text = #"{"serial_number":"ST-1","type":"rapid_wind","ob":[1705334403,"# + literal + ",1]}"
        guard case .decoded(.rapidWind(let sample), let diagnostics) = DatagramDecoder().decode(text) else {
            return nil
        }
        return sample.windSpeedMetersPerSecond ?? diagnostics.rangeViolations.first?.value
    }

    @Test("edge cases", arguments: [
        "0", "-0", "0.0", "1", "0.1", "0.140000", "1017.57", "2.512", "99.99999999999999", "1e2", "1E2", "1e+2",
        "12.5e-1", "0.000001", "9007199254740993", "1234567890123456789012", "3.14159265358979323846264338327950288",
        "0.30000000000000004", "2.2250738585072014e-308", "4.9e-324", "1.7976931348623157e308",
    ])
    func edgeCases(literal: String) {
        #expect(parse(literal) == Double(literal), "\(literal)")
    }

    @Test("20,000 random decimal literals agree with Double(String)")
    func randomLiterals() {
        var generator = SplitMix64(seed: 0x5EED_2026)
        var mismatches = [String]()
        for _ in 0..<20_000 {
            let integerDigits = Int(generator.next() % 6)
            let fractionDigits = Int(generator.next() % 18)
            var literal = integerDigits == 0 ? "0" : String(1 + generator.next() % 9)
            for _ in 0..<max(0, integerDigits - 1) { literal += String(generator.next() % 10) }
            if fractionDigits > 0 {
                literal += "."
                for _ in 0..<fractionDigits { literal += String(generator.next() % 10) }
            }
            if generator.next() % 8 == 0 { literal += "e" + String(Int(generator.next() % 40) - 20) }
            if parse(literal) != Double(literal) && (Double(literal) ?? 0) <= 100 {
                mismatches.append(literal)
            }
        }
        #expect(mismatches.isEmpty, "first mismatches: \(mismatches.prefix(5))")
    }
}
