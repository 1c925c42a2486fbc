// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// An air pressure. Stored in millibars (= hectopascals), the protocol's unit.
public struct Pressure: Hashable, Comparable, Sendable {
    /// Millibars, the same as hectopascals.
    public var millibars: Double

    /// From millibars.
    public init(millibars: Double) { self.millibars = millibars }
    /// From hectopascals (the same number as millibars).
    public init(hectopascals: Double) { self.millibars = hectopascals }
    /// From inches of mercury.
    public init(inchesOfMercury: Double) { self.millibars = inchesOfMercury / Pressure.inchesOfMercuryPerMillibar }
    /// From millimetres of mercury.
    public init(millimetersOfMercury: Double) {
        self.millibars = millimetersOfMercury / Pressure.millimetersOfMercuryPerMillibar
    }
    /// From kilopascals.
    public init(kilopascals: Double) { self.millibars = kilopascals * 10 }

    static let inchesOfMercuryPerMillibar = 0.029_530_0
    static let millimetersOfMercuryPerMillibar = 0.750_061_68

    /// Hectopascals (the same number as millibars).
    public var hectopascals: Double { millibars }
    /// Inches of mercury (× 0.0295300).
    public var inchesOfMercury: Double { millibars * Pressure.inchesOfMercuryPerMillibar }
    /// Millimetres of mercury (× 0.75006168).
    public var millimetersOfMercury: Double { millibars * Pressure.millimetersOfMercuryPerMillibar }
    /// Kilopascals (÷ 10).
    public var kilopascals: Double { millibars / 10 }

    public static func < (lhs: Pressure, rhs: Pressure) -> Bool { lhs.millibars < rhs.millibars }
}
