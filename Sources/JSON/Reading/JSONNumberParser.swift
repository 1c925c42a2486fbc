// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Parses one RFC 8259 number literal into a correctly rounded `Double`.
///
/// Datagram numbers are short decimals (`1017.57`, `0.140000`, `1705334400`),
/// which the exact fast path handles: a mantissa below 2^53 scaled by a power
/// of ten up to 10^22 is one correctly rounded multiplication or division
/// (Clinger's observation). Anything else falls back to the standard
/// library's parser, which is correct but slower.
struct JSONNumberParser {
    private let bytes: UnsafePointer<UInt8>
    private let count: Int
    private let start: Int
    /// Where parsing stopped: one past the literal after a successful parse,
    /// or the offending byte after a failure.
    private(set) var position: Int

    init(bytes: UnsafePointer<UInt8>, count: Int, start: Int) {
        self.bytes = bytes
        self.count = count
        self.start = start
        self.position = start
    }

    /// 10^0 ... 10^22, every one exactly representable as a double. A raw
    /// table rather than an array: no bounds check or lazy-global check on
    /// the hot path. Written once, never freed.
    nonisolated(unsafe) private static let exactPowersOfTen: UnsafePointer<Double> = {
        let table = UnsafeMutablePointer<Double>.allocate(capacity: 23)
        var power = 1.0
        for exponent in 0...22 {
            table[exponent] = power
            power *= 10
        }
        return UnsafePointer(table)
    }()

    /// The literal's value (possibly infinite when it overflows), or nil when
    /// the bytes are not a JSON number.
    @inline(__always)
    mutating func parse() -> Double? {
        // Locals, not stored properties, so the loops run in registers.
        let input = bytes
        let end = count
        var index = position
        defer { position = index }

        var isNegative = false
        if index < end && input[index] == UInt8(ascii: "-") {
            isNegative = true
            index += 1
        }
        guard index < end, input[index] &- UInt8(ascii: "0") < 10 else { return nil }

        // Every digit goes into `mantissa`; `significantDigits` counts those
        // after the first non-zero one, so 19 always fit a UInt64. Longer
        // literals take the slow path.
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var decimalExponent = 0

        if input[index] == UInt8(ascii: "0") {
            index += 1
            if index < end && input[index] &- UInt8(ascii: "0") < 10 { return nil }  // leading zero
        } else {
            while index < end {
                let digit = input[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                mantissa = mantissa &* 10 &+ UInt64(digit)
                significantDigits += 1
                index += 1
            }
        }

        if index < end && input[index] == UInt8(ascii: ".") {
            index += 1
            guard index < end, input[index] &- UInt8(ascii: "0") < 10 else { return nil }
            while index < end {
                let digit = input[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                mantissa = mantissa &* 10 &+ UInt64(digit)
                if mantissa != 0 { significantDigits += 1 }
                decimalExponent -= 1
                index += 1
            }
        }

        if index < end && (input[index] | 0x20) == UInt8(ascii: "e") {
            index += 1
            var exponentIsNegative = false
            if index < end && (input[index] == UInt8(ascii: "+") || input[index] == UInt8(ascii: "-")) {
                exponentIsNegative = input[index] == UInt8(ascii: "-")
                index += 1
            }
            guard index < end, input[index] &- UInt8(ascii: "0") < 10 else { return nil }
            var exponent = 0
            while index < end {
                let digit = input[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                // Saturate: any exponent this large already means 0 or infinity.
                if exponent < 100_000 { exponent = exponent * 10 + Int(digit) }
                index += 1
            }
            decimalExponent += exponentIsNegative ? -exponent : exponent
        }

        let magnitude: Double
        if significantDigits > 19 {
            position = index
            magnitude = slowPath()
        } else if mantissa == 0 {
            magnitude = 0
        } else if mantissa <= (1 << 53) && decimalExponent >= -22 && decimalExponent <= 22 {
            let scale = JSONNumberParser.exactPowersOfTen[decimalExponent < 0 ? -decimalExponent : decimalExponent]
            magnitude = decimalExponent < 0 ? Double(mantissa) / scale : Double(mantissa) * scale
        } else {
            position = index
            magnitude = slowPath()
        }
        return isNegative ? -magnitude : magnitude
    }

    /// The standard library's correctly rounded conversion, for literals the
    /// fast path cannot do exactly. Overflow yields infinity.
    private func slowPath() -> Double {
        let literal = String(decoding: UnsafeBufferPointer(start: bytes + start, count: position - start), as: UTF8.self)
        let unsigned = literal.hasPrefix("-") ? String(literal.dropFirst()) : literal
        return Double(unsigned) ?? .infinity
    }
}
