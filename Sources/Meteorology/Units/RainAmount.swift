// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// An amount of rain (depth). Stored in millimetres, the protocol's unit.
public struct RainAmount: Hashable, Comparable, Sendable {
    /// Millimetres.
    public var millimeters: Double

    /// From millimetres.
    public init(millimeters: Double) { self.millimeters = millimeters }
    /// From inches.
    public init(inches: Double) { self.millimeters = inches / RainAmount.inchesPerMillimeter }

    static let inchesPerMillimeter = 0.039_370_1

    /// Inches (× 0.0393701).
    public var inches: Double { millimeters * RainAmount.inchesPerMillimeter }

    public static func < (lhs: RainAmount, rhs: RainAmount) -> Bool { lhs.millimeters < rhs.millimeters }
}

/// A rain rate. Stored in millimetres per hour.
public struct RainRate: Hashable, Comparable, Sendable {
    /// Millimetres per hour.
    public var millimetersPerHour: Double

    /// From millimetres per hour.
    public init(millimetersPerHour: Double) { self.millimetersPerHour = millimetersPerHour }
    /// From inches per hour.
    public init(inchesPerHour: Double) { self.millimetersPerHour = inchesPerHour / RainAmount.inchesPerMillimeter }

    /// Inches per hour.
    public var inchesPerHour: Double { millimetersPerHour * RainAmount.inchesPerMillimeter }

    public static func < (lhs: RainRate, rhs: RainRate) -> Bool { lhs.millimetersPerHour < rhs.millimetersPerHour }
}
