// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// A temperature. Stored in degrees Celsius, the protocol's unit; other
/// scales exist only as conversions at the edge.
public struct Temperature: Hashable, Comparable, Sendable {
    /// Degrees Celsius.
    public var celsius: Double

    /// From degrees Celsius.
    public init(celsius: Double) { self.celsius = celsius }

    /// From degrees Fahrenheit.
    public init(fahrenheit: Double) { self.celsius = (fahrenheit - 32) * 5 / 9 }

    /// Degrees Fahrenheit (× 9/5 + 32).
    public var fahrenheit: Double { celsius * 9 / 5 + 32 }

    /// Kelvin.
    public var kelvin: Double { celsius + 273.15 }

    public static func < (lhs: Temperature, rhs: Temperature) -> Bool { lhs.celsius < rhs.celsius }
}
