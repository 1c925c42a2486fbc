// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// What the WeatherFlow cloud said of a stored strike (`cloud_mark`).
///
/// The raw values of `enhanced` and `confirmed` are those of
/// `LightningStrikeMark` (TempestUDP); `unmarked` says the cloud forwarded
/// the strike without a mark. A strike only the station reported has no
/// mark at all (nil). Marks only upgrade, in raw-value order: confirmed
/// beats enhanced beats unmarked beats none.
public enum StrikeCloudMark: Int, Sendable, Equatable, Comparable, CaseIterable {
    /// Forwarded by the cloud without a mark.
    case unmarked = 0
    /// Adjusted or added by the cloud.
    case enhanced = 1
    /// Validated by the cloud.
    case confirmed = 2

    /// The name used in exports, events and `status`: `unmarked`,
    /// `enhanced` or `confirmed`.
    public var name: String {
        switch self {
        case .unmarked: "unmarked"
        case .enhanced: "enhanced"
        case .confirmed: "confirmed"
        }
    }

    /// Orders by strength, the way marks upgrade.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
