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

    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// The literal's value (possibly infinite when it overflows), or nil when
    /// the bytes are not a JSON number.
    mutating func parse() -> Double? {
        var isNegative = false
        if position < count && bytes[position] == UInt8(ascii: "-") {
            isNegative = true
            position += 1
        }
        guard position < count, isDigit(bytes[position]) else { return nil }

        // Every digit goes into `mantissa`; `significantDigits` counts those
        // after the first non-zero one, so 19 always fit a UInt64. Longer
        // literals take the slow path.
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var decimalExponent = 0

        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < count && isDigit(bytes[position]) { return nil }  // leading zero
        } else {
            while position < count && isDigit(bytes[position]) {
                mantissa = mantissa &* 10 &+ UInt64(bytes[position] &- UInt8(ascii: "0"))
                significantDigits += 1
                position += 1
            }
        }

        if position < count && bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard position < count, isDigit(bytes[position]) else { return nil }
            while position < count && isDigit(bytes[position]) {
                mantissa = mantissa &* 10 &+ UInt64(bytes[position] &- UInt8(ascii: "0"))
                if mantissa != 0 { significantDigits += 1 }
                decimalExponent -= 1
                position += 1
            }
        }

        if position < count && (bytes[position] | 0x20) == UInt8(ascii: "e") {
            position += 1
            var exponentIsNegative = false
            if position < count && (bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")) {
                exponentIsNegative = bytes[position] == UInt8(ascii: "-")
                position += 1
            }
            guard position < count, isDigit(bytes[position]) else { return nil }
            var exponent = 0
            while position < count && isDigit(bytes[position]) {
                // Saturate: any exponent this large already means 0 or infinity.
                if exponent < 100_000 { exponent = exponent * 10 + Int(bytes[position] - UInt8(ascii: "0")) }
                position += 1
            }
            decimalExponent += exponentIsNegative ? -exponent : exponent
        }

        let magnitude: Double
        if significantDigits > 19 {
            magnitude = slowPath()
        } else if mantissa == 0 {
            magnitude = 0
        } else if mantissa <= (1 << 53) && decimalExponent >= -22 && decimalExponent <= 22 {
            let scale = JSONNumberParser.exactPowersOfTen[abs(decimalExponent)]
            magnitude = decimalExponent < 0 ? Double(mantissa) / scale : Double(mantissa) * scale
        } else {
            magnitude = slowPath()
        }
        return isNegative ? -magnitude : magnitude
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    /// The standard library's correctly rounded conversion, for literals the
    /// fast path cannot do exactly. Overflow yields infinity.
    private func slowPath() -> Double {
        let literal = String(decoding: UnsafeBufferPointer(start: bytes + start, count: position - start), as: UTF8.self)
        let unsigned = literal.hasPrefix("-") ? String(literal.dropFirst()) : literal
        return Double(unsigned) ?? .infinity
    }
}
