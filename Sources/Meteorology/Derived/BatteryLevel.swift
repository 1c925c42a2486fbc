// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// A word for a battery voltage, by device family. The Tempest's bands
/// follow its power-save thresholds (protocol reference 4.5): Good at
/// 2.455 V and above (full power), Fair from 2.415 V, Low from 2.39 V,
/// Very low from 2.355 V, Critical below (power-save mode 3). AIR and SKY run
/// on AA cells: Good from 3.0 V, Fair from 2.7 V, Low from 2.4 V, Replace below.
public enum BatteryLevel: String, CaseIterable, Sendable {
    case good = "Good"
    case fair = "Fair"
    case low = "Low"
    case veryLow = "Very low"
    case critical = "Critical"
    case replace = "Replace batteries"

    /// The level of a Tempest (solar and rechargeable) voltage; nil when missing.
    public init?(tempestVolts: Double?) {
        guard let volts = tempestVolts else { return nil }
        switch volts {
        case 2.455...: self = .good
        case 2.415...: self = .fair
        case 2.39...: self = .low
        case 2.355...: self = .veryLow
        default: self = .critical
        }
    }

    /// The level of an AIR or SKY (AA cells) voltage; nil when missing.
    public init?(aaCellDeviceVolts: Double?) {
        guard let volts = aaCellDeviceVolts else { return nil }
        switch volts {
        case 3.0...: self = .good
        case 2.7...: self = .fair
        case 2.4...: self = .low
        default: self = .replace
        }
    }
}
