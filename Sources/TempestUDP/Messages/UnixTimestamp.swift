// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// An instant as whole seconds since 1970-01-01T00:00:00Z, the time base of
/// every Tempest message.
public struct UnixTimestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Seconds since the Unix epoch, UTC.
    public var secondsSince1970: Int64

    /// Wraps a count of seconds since the Unix epoch.
    public init(secondsSince1970: Int64) {
        self.secondsSince1970 = secondsSince1970
    }

    public static func < (lhs: UnixTimestamp, rhs: UnixTimestamp) -> Bool {
        lhs.secondsSince1970 < rhs.secondsSince1970
    }

    public var description: String { String(secondsSince1970) }

    /// The earliest timestamp the decoder accepts: 2015-01-01T00:00:00Z.
    public static let earliestPlausible = UnixTimestamp(secondsSince1970: 1_420_070_400)
    /// The latest timestamp the decoder accepts: 2100-01-01T00:00:00Z.
    public static let latestPlausible = UnixTimestamp(secondsSince1970: 4_102_444_800)
}
