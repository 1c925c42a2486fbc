// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// One key of the configuration file: its section and name, what it
/// accepts, its default, and what it does.
public struct ConfigurationKey: Sendable {
    /// The section (`mqtt` for `[mqtt]`).
    public let section: String
    /// The name within the section (`host`).
    public let name: String
    /// What values it accepts.
    public let rule: ValueRule
    /// The embedded default, or nil when unset by default (see
    /// ``defaultNote``).
    public let defaultValue: TOMLValue?
    /// What happens when the key is unset, for keys without a default value
    /// ("1883, or 8883 with tls").
    public let defaultNote: String?
    /// What the key does, in one sentence.
    public let summary: String

    /// Creates a key.
    public init(
        _ section: String, _ name: String, _ rule: ValueRule, default defaultValue: TOMLValue?,
        note defaultNote: String? = nil, _ summary: String
    ) {
        self.section = section
        self.name = name
        self.rule = rule
        self.defaultValue = defaultValue
        self.defaultNote = defaultNote
        self.summary = summary
    }

    /// The dotted name, `mqtt.host`.
    public var path: String { section + "." + name }

    /// The table the key is written in and its name there: `station` and
    /// `elevation`, or for a key of a sub-table `station.calibration` and
    /// `rain_factor` (which `[station]` may also hold as `calibration.rain_factor`).
    public var table: (name: String, key: String) {
        guard let dot = name.lastIndex(of: ".") else { return (section, name) }
        return (section + "." + name[..<dot], String(name[name.index(after: dot)...]))
    }

    /// The environment variable that overrides it: `TEMPEST_GATEWAY_`, the
    /// section and the name, upper-case, a sub-table's dot as `_`
    /// (`TEMPEST_GATEWAY_MQTT_HOST`, `TEMPEST_GATEWAY_STATION_CALIBRATION_RAIN_FACTOR`).
    public var environmentVariable: String {
        ConfigurationKey.environmentPrefix + section.uppercased() + "_" + name.uppercased().replacing(".", with: "_")
    }

    /// The prefix of every configuration environment variable.
    public static let environmentPrefix = "TEMPEST_GATEWAY_"
}
