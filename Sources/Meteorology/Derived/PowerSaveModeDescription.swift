// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Words for the Tempest's power-save modes, which its wind sample interval
/// reveals (3, 6, 60 or 300 seconds for modes 0 to 3).
public enum PowerSaveModeDescription {
    /// The mode number for a wind sample interval; nil for other intervals.
    public static func mode(windSampleIntervalSeconds: Int64?) -> Int? {
        switch windSampleIntervalSeconds {
        case 3: 0
        case 6: 1
        case 60: 2
        case 300: 3
        default: nil
        }
    }

    /// A sentence for a mode number.
    public static func text(mode: Int) -> String {
        switch mode {
        case 0: "Full power: all sensors on, wind every 3 seconds."
        case 1: "Power save mode 1: wind every 6 seconds."
        case 2: "Power save mode 2: wind every minute."
        case 3: "Power save mode 3: wind and other sensors every 5 minutes; lightning and rain sensors off."
        default: "Unknown power mode \(mode)."
        }
    }
}
