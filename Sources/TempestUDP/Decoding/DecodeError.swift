// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Why a datagram was rejected: a reason category for counters and machine
/// output, and a detail sentence for people.
public struct DecodeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A reason category. Its `description` is the stable snake_case name
    /// that `decode` prints and the counters are keyed by.
    public struct Category: Hashable, Sendable, CaseIterable, CustomStringConvertible {
        fileprivate enum Code: String, CaseIterable {
            case emptyDatagram = "empty_datagram"
            case tooLarge = "too_large"
            case invalidUTF8 = "invalid_utf8"
            case invalidJSON = "invalid_json"
            case tooDeep = "too_deep"
            case notAnObject = "not_an_object"
            case missingField = "missing_field"
            case wrongType = "wrong_type"
            case invalidSerialNumber = "invalid_serial_number"
            case badArrayLength = "bad_array_length"
            case invalidTimestamp = "invalid_timestamp"
            case nonFiniteNumber = "non_finite_number"
            case integerOutOfRange = "integer_out_of_range"
        }

        fileprivate let code: Code

        /// Zero bytes, or only white space.
        public static let emptyDatagram = Category(code: .emptyDatagram)
        /// Larger than the 8 KiB cap.
        public static let tooLarge = Category(code: .tooLarge)
        /// A string that is not valid UTF-8.
        public static let invalidUTF8 = Category(code: .invalidUTF8)
        /// Not valid JSON, or bytes after the object.
        public static let invalidJSON = Category(code: .invalidJSON)
        /// Nested deeper than 32 levels.
        public static let tooDeep = Category(code: .tooDeep)
        /// The top level is not an object.
        public static let notAnObject = Category(code: .notAnObject)
        /// A required key is absent.
        public static let missingField = Category(code: .missingField)
        /// A key holds the wrong JSON type.
        public static let wrongType = Category(code: .wrongType)
        /// A serial number is empty, too long or has characters outside [A-Za-z0-9-].
        public static let invalidSerialNumber = Category(code: .invalidSerialNumber)
        /// A positional array is shorter than its minimum or longer than its cap.
        public static let badArrayLength = Category(code: .badArrayLength)
        /// A timestamp is null, fractional or outside 2015-01-01 … 2100-01-01.
        public static let invalidTimestamp = Category(code: .invalidTimestamp)
        /// A number overflows a double.
        public static let nonFiniteNumber = Category(code: .nonFiniteNumber)
        /// An integer field does not fit its range (uptime, seq, sensor_status: 0 … 2³²−1).
        public static let integerOutOfRange = Category(code: .integerOutOfRange)

        public static var allCases: [Category] { Code.allCases.map(Category.init(code:)) }

        /// A dense index (0 ..< `allCases.count`) for counter arrays.
        public var index: Int { Code.allCases.firstIndex(of: code)! }

        public var description: String { code.rawValue }
    }

    /// The reason category.
    public let category: Category
    /// What exactly was wrong, for logs and `decode` output.
    public let detail: String

    /// Creates an error.
    public init(_ category: Category, _ detail: String) {
        self.category = category
        self.detail = detail
    }

    public var description: String { "\(category): \(detail)" }
}
