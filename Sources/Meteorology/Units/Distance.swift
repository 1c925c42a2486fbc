// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// A distance (lightning, visibility). Stored in kilometres, the protocol's unit.
public struct Distance: Hashable, Comparable, Sendable {
    /// Kilometres.
    public var kilometers: Double

    /// From kilometres.
    public init(kilometers: Double) { self.kilometers = kilometers }
    /// From miles.
    public init(miles: Double) { self.kilometers = miles / Distance.milesPerKilometer }

    static let milesPerKilometer = 0.621_371

    /// Miles (× 0.621371).
    public var miles: Double { kilometers * Distance.milesPerKilometer }

    public static func < (lhs: Distance, rhs: Distance) -> Bool { lhs.kilometers < rhs.kilometers }
}
