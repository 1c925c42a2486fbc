// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// A device or hub serial number such as `ST-00000512`.
///
/// The decoder only creates serials of 1 to 32 ASCII letters, digits and
/// hyphens, so a serial is always safe in an MQTT topic, a file name or a
/// log line. The pattern is deliberately looser than today's `XX-NNNNNNNN`
/// so that a future device family is not locked out.
public struct SerialNumber: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The serial exactly as the device sent it.
    public let rawValue: String
    /// The device family named by the two-letter prefix, if it is a known one.
    public let family: DeviceFamily?

    /// The longest serial the decoder accepts.
    public static let maximumLength = 32

    /// Validates `rawValue`; nil when it is empty, longer than 32 characters
    /// or holds anything but ASCII letters, digits and `-`.
    public init?(_ rawValue: String) {
        let utf8 = rawValue.utf8
        guard !utf8.isEmpty, utf8.count <= SerialNumber.maximumLength,
            utf8.allSatisfy(SerialNumber.isAllowed)
        else { return nil }
        self.rawValue = rawValue
        self.family = SerialNumber.family(of: Array(utf8.prefix(3)))
    }

    /// For the decoder, which has already validated `bytes`.
    init(validatedBytes bytes: UnsafeBufferPointer<UInt8>) {
        self.rawValue = String(decoding: bytes, as: UTF8.self)
        self.family = SerialNumber.family(of: bytes)
    }

    /// The family for a serial starting with `XX-`.
    @inline(__always)
    static func family<Bytes: Collection<UInt8>>(of bytes: Bytes) -> DeviceFamily? where Bytes.Index == Int {
        guard bytes.count >= 3, bytes[bytes.startIndex + 2] == UInt8(ascii: "-") else { return nil }
        switch (bytes[bytes.startIndex], bytes[bytes.startIndex + 1]) {
        case (UInt8(ascii: "H"), UInt8(ascii: "B")): return .hub
        case (UInt8(ascii: "S"), UInt8(ascii: "T")): return .tempest
        case (UInt8(ascii: "A"), UInt8(ascii: "R")): return .air
        case (UInt8(ascii: "S"), UInt8(ascii: "K")): return .sky
        default: return nil
        }
    }

    @inline(__always)
    static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }

    public var description: String { rawValue }

    public static func < (lhs: SerialNumber, rhs: SerialNumber) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
