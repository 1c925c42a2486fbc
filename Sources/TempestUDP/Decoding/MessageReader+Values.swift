// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Reading single values: timestamps, measured numbers under the range
/// policy, and bounded integers.
extension MessageReader {
    /// A required timestamp: integral seconds within 2015-01-01 … 2100-01-01.
    @inline(__always)
    func readTimestamp(at index: Int, field: StaticString) throws(DecodeError) -> UnixTimestamp {
        guard index >= 0 else { throw DecodeError(.missingField, "the key \"\(field)\" is missing") }
        let token = json[index]
        switch token.kind {
        case .number:
            break
        case .null:
            throw DecodeError(.invalidTimestamp, "\(field) is null")
        default:
            throw DecodeError(.wrongType, "\(field) must be a number, not \(MessageReader.describe(token.kind))")
        }
        guard let seconds = MessageReader.exactInteger(token.number) else {
            throw DecodeError(.invalidTimestamp, "\(field) \(token.number) is not a whole number of seconds")
        }
        guard seconds >= UnixTimestamp.earliestPlausible.secondsSince1970,
            seconds <= UnixTimestamp.latestPlausible.secondsSince1970
        else {
            throw DecodeError(
                .invalidTimestamp,
                "\(field) \(seconds) is outside 2015-01-01 … 2100-01-01 (Unix seconds 1420070400 … 4102444800)"
            )
        }
        return UnixTimestamp(secondsSince1970: seconds)
    }

    /// A measured number: nil for `null` or an absent slot; a value outside
    /// `bounds` becomes nil and is recorded as a range violation. The field's
    /// name is taken only then (observation rows look it up in their table).
    @inline(__always)
    mutating func readMeasurement(
        at index: Int,
        field: @autoclosure () -> String,
        bounds: RangePolicy.Bounds
    ) throws(DecodeError) -> Double? {
        guard index >= 0 else { return nil }
        let token = json[index]
        switch token.kind {
        case .number:
            let value = token.number
            guard value >= bounds.lower && value <= bounds.upper else {
                diagnostics.rangeViolations.append(.init(field: field(), value: value))
                return nil
            }
            return value
        case .null:
            return nil
        default:
            throw DecodeError(.wrongType, "\(field()) must be a number, not \(MessageReader.describe(token.kind))")
        }
    }

    /// A measured count or code: like `readMeasurement`, and a fractional
    /// value is a range violation too.
    @inline(__always)
    mutating func readMeasuredInteger(
        at index: Int,
        field: @autoclosure () -> String,
        bounds: RangePolicy.Bounds
    ) throws(DecodeError) -> Int64? {
        guard let value = try readMeasurement(at: index, field: field(), bounds: bounds) else { return nil }
        guard let integer = MessageReader.exactInteger(value) else {
            diagnostics.rangeViolations.append(.init(field: field(), value: value))
            return nil
        }
        return integer
    }

    /// A counter that must fit 0 … 2³²−1 (`uptime`, `seq`, `sensor_status`);
    /// anything else rejects the datagram.
    @inline(__always)
    func readUnsigned32(at index: Int, field: StaticString) throws(DecodeError) -> UInt32? {
        guard index >= 0 else { return nil }
        let token = json[index]
        switch token.kind {
        case .number:
            guard let integer = MessageReader.exactInteger(token.number), integer >= 0, integer <= Int64(UInt32.max)
            else {
                throw DecodeError(
                    .integerOutOfRange,
                    "\(field) \(token.number) is not a whole number from 0 to 4294967295"
                )
            }
            return UInt32(integer)
        case .null:
            return nil
        default:
            throw DecodeError(.wrongType, "\(field) must be a number, not \(MessageReader.describe(token.kind))")
        }
    }

    /// A positional array (`ob`, `evt`, `radio_stats`, an `obs` row) with
    /// `minimum ... cap` elements, every one a scalar. A nested array or
    /// object where a value belongs rejects the datagram.
    @inline(__always)
    func readPositionalArray(
        at index: Int,
        key: String,
        minimum: Int,
        cap: Int
    ) throws(DecodeError) -> PositionalArray {
        guard index >= 0 else { throw DecodeError(.missingField, "the key \"\(key)\" is missing") }
        let token = json[index]
        guard token.kind == .array else {
            throw DecodeError(.wrongType, "\"\(key)\" must be an array, not \(MessageReader.describe(token.kind))")
        }
        let count = Int(token.length)
        guard count >= minimum && count <= cap else {
            throw DecodeError(.badArrayLength, "\"\(key)\" has \(count) values; \(minimum) to \(cap) are accepted")
        }
        // Scalars take one token each, so any surplus means a nested value.
        guard Int(token.next) - index - 1 == count else {
            var element = index + 1
            var position = 0
            while json[element].kind != .array && json[element].kind != .object {
                element = Int(json[element].next)
                position += 1
            }
            throw DecodeError(
                .wrongType,
                "\"\(key)\" value \(position) must be a number, not \(MessageReader.describe(json[element].kind))"
            )
        }
        return PositionalArray(base: index, count: count)
    }
}

/// A validated flat array on the tape: element `i` is token `base + 1 + i`.
struct PositionalArray {
    let base: Int
    let count: Int

    /// The tape index of element `position`, or -1 past the end (an absent
    /// optional trailing value, such as index 4 of a 4-element radio_stats).
    @inline(__always)
    func slot(_ position: Int) -> Int {
        position < count ? base + 1 + position : -1
    }
}
