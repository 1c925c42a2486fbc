// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// The `sensor_status` bit field of `device_status` (protocol spec 4.1).
///
/// Documented bits are named; every other bit is kept in the raw value and
/// reported through `undocumentedBits`. An undocumented bit never marks a
/// sensor as failed.
public struct SensorStatus: OptionSet, Hashable, Sendable {
    /// The integer exactly as sent.
    public let rawValue: UInt32

    /// Wraps a raw bit field.
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// 0x1: the lightning sensor failed.
    public static let lightningFailed = SensorStatus(rawValue: 0x1)
    /// 0x2: the lightning sensor hears noise.
    public static let lightningNoise = SensorStatus(rawValue: 0x2)
    /// 0x4: the lightning sensor sees disturbers.
    public static let lightningDisturber = SensorStatus(rawValue: 0x4)
    /// 0x8: the pressure sensor failed.
    public static let pressureFailed = SensorStatus(rawValue: 0x8)
    /// 0x10: the temperature sensor failed.
    public static let temperatureFailed = SensorStatus(rawValue: 0x10)
    /// 0x20: the humidity sensor failed.
    public static let humidityFailed = SensorStatus(rawValue: 0x20)
    /// 0x40: the wind sensor failed.
    public static let windFailed = SensorStatus(rawValue: 0x40)
    /// 0x80: the rain sensor failed.
    public static let precipitationFailed = SensorStatus(rawValue: 0x80)
    /// 0x100: the light/UV sensor failed.
    public static let lightUVFailed = SensorStatus(rawValue: 0x100)
    /// 0x8000: the power booster is depleted.
    public static let powerBoosterDepleted = SensorStatus(rawValue: 0x8000)
    /// 0x10000: the power booster runs on shore power.
    public static let powerBoosterShorePower = SensorStatus(rawValue: 0x10000)

    /// Every documented bit (0x181FF).
    public static let documentedMask = SensorStatus(rawValue: 0x181FF)

    /// The documented flags, each with its snake_case name, in bit order.
    public static let namedFlags: [(flag: SensorStatus, name: String)] = [
        (.lightningFailed, "lightning_failed"),
        (.lightningNoise, "lightning_noise"),
        (.lightningDisturber, "lightning_disturber"),
        (.pressureFailed, "pressure_failed"),
        (.temperatureFailed, "temperature_failed"),
        (.humidityFailed, "rh_failed"),
        (.windFailed, "wind_failed"),
        (.precipitationFailed, "precip_failed"),
        (.lightUVFailed, "light_uv_failed"),
        (.powerBoosterDepleted, "power_booster_depleted"),
        (.powerBoosterShorePower, "power_booster_shore_power"),
    ]

    /// Names of the documented flags that are set.
    public var documentedFlagNames: [String] {
        SensorStatus.namedFlags.filter { contains($0.flag) }.map(\.name)
    }

    /// The bits outside the documented mask (for example 0x2000, which one
    /// decoder reads as power-save mode 3, or 0x20000 and 0x80000).
    public var undocumentedBits: UInt32 {
        rawValue & ~SensorStatus.documentedMask.rawValue
    }
}
