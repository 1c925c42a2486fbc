// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Where things are published, under a configurable base (default `tempest`):
///
/// - `<base>/gateway/status`: `online` or `offline`, retained (the last will
///   says `offline` if the gateway vanishes).
/// - `<base>/<serial>/<field>`: one bare value per field, retained, in
///   protocol units (°C, %, mb, m/s, mm, km, V, lux, W/m²), for openHAB,
///   Node-RED and shell scripts. Field names are the protocol's, plus daily
///   totals such as `rain_today`.
/// - `<base>/<serial>/event/<kind>`: one JSON object per message, not
///   retained: `observation`, `rapid_wind`, `lightning_strike`,
///   `rain_start`, `device_status`, `hub_status`.
public struct TopicLayout: Sendable {
    /// The topic prefix.
    public let base: String

    public init(base: String = "tempest") {
        self.base = base
    }

    public var gatewayStatus: String { "\(base)/gateway/status" }

    public func value(serial: String, field: String) -> String { "\(base)/\(serial)/\(field)" }

    /// `value(serial:field:)` as the publisher keeps it, without its text.
    public func retainedValue(serial: String, field: String) -> RetainedTopic {
        RetainedTopic(base: base, serial: serial, field: field)
    }

    public func event(serial: String, kind: String) -> String { "\(base)/\(serial)/event/\(kind)" }
}
