// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// The Tempest's power-save mode, revealed by its wind sample interval
/// (protocol spec section 4.5). Derive it from the interval, not the voltage.
public enum PowerSaveMode: Int, Hashable, Sendable, CaseIterable {
    /// Mode 0: full power, wind sampled every 3 s.
    case fullPower = 0
    /// Mode 1: rapid wind every 6 s.
    case mode1 = 1
    /// Mode 2: rapid wind every 60 s.
    case mode2 = 2
    /// Mode 3: wind every 5 min, lightning and haptic rain sensors off.
    case mode3 = 3

    /// The mode for a `wind_sample_interval` of 3, 6, 60 or 300 seconds;
    /// nil for any other interval.
    public init?(windSampleIntervalSeconds: Int64) {
        switch windSampleIntervalSeconds {
        case 3: self = .fullPower
        case 6: self = .mode1
        case 60: self = .mode2
        case 300: self = .mode3
        default: return nil
        }
    }

    /// The rapid-wind cadence in this mode, in seconds.
    public var rapidWindIntervalSeconds: Int64 {
        switch self {
        case .fullPower: 3
        case .mode1: 6
        case .mode2: 60
        case .mode3: 300
        }
    }
}
