// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// The Beaufort scale (WMO bounds in m/s, protocol reference 9.10).
public struct Beaufort: Hashable, Sendable, CustomStringConvertible {
    /// Force 0 … 12.
    public let force: Int

    /// Lower bounds of forces 1 … 12, m/s (a speed at or above a bound has at least that force).
    static let lowerBoundsMetersPerSecond = [0.3, 1.6, 3.4, 5.5, 8.0, 10.8, 13.9, 17.2, 20.8, 24.5, 28.5, 32.7]
    static let descriptions = [
        "calm", "light air", "light breeze", "gentle breeze", "moderate breeze", "fresh breeze", "strong breeze",
        "near gale", "gale", "strong gale", "storm", "violent storm", "hurricane force",
    ]

    /// The force for a sustained wind (use the average, not the gust); nil
    /// when the speed is missing or negative.
    public init?(windSpeedMetersPerSecond: Double?) {
        guard let speed = windSpeedMetersPerSecond, speed >= 0 else { return nil }
        force = Beaufort.lowerBoundsMetersPerSecond.lastIndex { speed >= $0 }.map { $0 + 1 } ?? 0
    }

    /// "calm", "light air", … "hurricane force".
    public var description: String { Beaufort.descriptions[force] }
}
