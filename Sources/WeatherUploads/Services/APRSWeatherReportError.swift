// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Why no APRS weather report can be made for a station: a configuration
/// problem, found when the CWOP destination is made, for the caller to log.
public struct APRSWeatherReportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, for callers to match.
    public enum Kind: Sendable, Equatable {
        /// The station has no latitude or no longitude.
        case missingPosition
        /// The latitude is not within ±90° or the longitude within ±180°.
        case positionOutOfRange
        /// The id is not an APRS callsign (1–6 letters and digits, an
        /// optional `-SSID`).
        case notACallsign
        /// The server is not `host:port`.
        case notAServer
    }

    /// What is wrong.
    public let kind: Kind
    /// The words for the log.
    public let description: String

    /// Makes one.
    public init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }

    /// The station has no position.
    static let missingPosition = APRSWeatherReportError(
        .missingPosition, "CWOP needs station.latitude and station.longitude: an APRS weather report carries the position")
}
