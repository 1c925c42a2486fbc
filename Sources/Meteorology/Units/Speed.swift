// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// A speed. Stored in metres per second, the protocol's unit.
public struct Speed: Hashable, Comparable, Sendable {
    /// Metres per second.
    public var metersPerSecond: Double

    /// From metres per second.
    public init(metersPerSecond: Double) { self.metersPerSecond = metersPerSecond }
    /// From kilometres per hour.
    public init(kilometersPerHour: Double) { self.metersPerSecond = kilometersPerHour / 3.6 }
    /// From miles per hour.
    public init(milesPerHour: Double) { self.metersPerSecond = milesPerHour / Speed.milesPerHourPerMeterPerSecond }
    /// From knots.
    public init(knots: Double) { self.metersPerSecond = knots / Speed.knotsPerMeterPerSecond }

    static let milesPerHourPerMeterPerSecond = 2.236_936_3
    static let knotsPerMeterPerSecond = 1.943_844_5

    /// Kilometres per hour (× 3.6).
    public var kilometersPerHour: Double { metersPerSecond * 3.6 }
    /// Miles per hour (× 2.2369363).
    public var milesPerHour: Double { metersPerSecond * Speed.milesPerHourPerMeterPerSecond }
    /// Knots (× 1.9438445).
    public var knots: Double { metersPerSecond * Speed.knotsPerMeterPerSecond }

    public static func < (lhs: Speed, rhs: Speed) -> Bool { lhs.metersPerSecond < rhs.metersPerSecond }
}
