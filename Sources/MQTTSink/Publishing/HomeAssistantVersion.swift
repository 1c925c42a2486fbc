// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// The oldest Home Assistant release the discovery configs must suit
/// (`mqtt.homeassistant_min_version`, `YYYY.M`): a class that release does
/// not know is left out for one it does, because Home Assistant rejects a
/// config with an unknown device or state class.
public struct HomeAssistantVersion: Sendable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int

    /// Makes one from its parts.
    public init(year: Int, month: Int) {
        self.year = year
        self.month = month
    }

    /// Reads `2025.4` or `2025.4.4` (the patch level is ignored); nil for
    /// anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }),
            let year = Int(parts[0]), let month = Int(parts[1]), (2020...9999).contains(year), (1...12).contains(month)
        else { return nil }
        self.init(year: year, month: month)
    }

    public var description: String { "\(year).\(month)" }

    public static func < (lhs: Self, rhs: Self) -> Bool { (lhs.year, lhs.month) < (rhs.year, rhs.month) }

    /// The default: the first release with `measurement_angle` and the
    /// `wind_direction` device class.
    public static let standard = HomeAssistantVersion(year: 2025, month: 4)
    /// `wind_direction` and `measurement_angle` arrived in 2025.4.
    public static let windDirectionClasses = HomeAssistantVersion(year: 2025, month: 4)
    /// The `temperature_delta` device class arrived in 2025.11.
    public static let temperatureDelta = HomeAssistantVersion(year: 2025, month: 11)
}
