// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Why a time zone could not be loaded.
public struct TimeZoneError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Code: Hashable, Sendable {
        case invalidIdentifier
        case unknownZone
        case unreadable
        case malformed
    }

    private let code: Code
    /// The zone that was asked for.
    public let identifier: String
    /// What went wrong, in words.
    public let description: String

    private init(_ code: Code, _ identifier: String, _ description: String) {
        self.code = code
        self.identifier = identifier
        self.description = description
    }

    /// The name is not a tz database identifier (empty, absolute, or with `..`).
    public static func invalidIdentifier(_ identifier: String) -> TimeZoneError {
        TimeZoneError(
            .invalidIdentifier, identifier,
            "'\(identifier)' is not a time zone name; use an IANA name such as America/Denver or Europe/Berlin")
    }

    /// No such zone in the tz database.
    public static func unknownZone(_ identifier: String, directory: String) -> TimeZoneError {
        TimeZoneError(
            .unknownZone, identifier,
            "unknown time zone '\(identifier)': there is no \(directory)/\(identifier); use an IANA name such as America/Denver (is the tzdata package installed?)"
        )
    }

    /// The zone file exists but could not be read.
    public static func unreadable(_ identifier: String, path: String, reason: String) -> TimeZoneError {
        TimeZoneError(.unreadable, identifier, "cannot read the time zone '\(identifier)' from \(path): \(reason)")
    }

    /// The zone file is not a valid TZif file.
    public static func malformed(_ identifier: String, reason: String) -> TimeZoneError {
        TimeZoneError(.malformed, identifier, "the time zone file for '\(identifier)' is damaged: \(reason)")
    }

    public static func == (lhs: TimeZoneError, rhs: TimeZoneError) -> Bool {
        lhs.code == rhs.code && lhs.identifier == rhs.identifier
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(identifier)
    }
}
