/// A device or hub serial number such as `ST-00000512`.
///
/// The decoder only creates serials of 1 to 32 ASCII letters, digits and
/// hyphens, so a serial is always safe in an MQTT topic, a file name or a
/// log line. The pattern is deliberately looser than today's `XX-NNNNNNNN`
/// so that a future device family is not locked out.
public struct SerialNumber: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The serial exactly as the device sent it.
    public let rawValue: String

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
    }

    /// For the decoder, which has already validated the bytes.
    init(validated rawValue: String) {
        self.rawValue = rawValue
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

    /// The device family named by the two-letter prefix, if it is a known one.
    public var family: DeviceFamily? {
        let utf8 = rawValue.utf8
        guard utf8.count >= 3 else { return nil }
        let dash = utf8.index(utf8.startIndex, offsetBy: 2)
        guard utf8[dash] == UInt8(ascii: "-") else { return nil }
        return DeviceFamily(rawValue: String(rawValue.prefix(2)))
    }

    public var description: String { rawValue }

    public static func < (lhs: SerialNumber, rhs: SerialNumber) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
