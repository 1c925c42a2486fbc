// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Where things are published, under a configurable base (default `tempest`):
///
/// - `<base>/gateway/status`: `online` or `offline`, retained (the last will
///   says `offline` if the gateway vanishes); `<base>/gateway/<id>/status`
///   with a configured gateway id. Beside it the gateway's own values and
///   its command topic.
/// - `<base>/<serial>/<field>`: one bare value per field, retained, in
///   protocol units (°C, %, mb, m/s, mm, km, V, lux, W/m²), for openHAB,
///   Node-RED and shell scripts. Field names are the protocol's, plus daily
///   totals such as `rain_today`.
/// - `<base>/<serial>/event/<kind>`: one JSON object per message, not
///   retained: `observation`, `rapid_wind`, `lightning_strike`,
///   `rain_start`, `device_status`, `hub_status`.
/// - `<gateway root>/event/nearby_lightning`: the WeatherFlow cloud's
///   nearby-strikes feed, one JSON object per strike, not retained
///   (`NearbyStrikePublication`).
public struct TopicLayout: Sendable {
    /// The topic prefix.
    public let base: String
    /// The gateway id when set in the configuration
    /// (`mqtt.homeassistant_gateway_id`), for gateways that share a base:
    /// their own topics then go under `<base>/gateway/<id>/`. Nil keeps
    /// `<base>/gateway/`, which scripts read and which the base alone
    /// already makes unique.
    public let gatewayID: String?

    public init(base: String = "tempest", gatewayID: String? = nil) {
        self.base = base
        self.gatewayID = gatewayID
    }

    /// Where the gateway's own topics go: `<base>/gateway`, or
    /// `<base>/gateway/<id>` with a configured gateway id.
    public var gatewayRoot: String { gatewayID.map { "\(base)/gateway/\($0)" } ?? "\(base)/gateway" }

    /// `online` or `offline`, retained; the last will.
    public var gatewayStatus: String { "\(gatewayRoot)/status" }

    /// One of the gateway's own values (`outbox_depth`), retained.
    public func gatewayValue(_ field: String) -> String { "\(gatewayRoot)/\(field)" }

    /// Where the Home Assistant button sends `announce`: the gateway
    /// announces every config and republishes every retained value.
    public var gatewayCommand: String { "\(gatewayRoot)/command" }

    public func value(serial: String, field: String) -> String { "\(base)/\(serial)/\(field)" }

    /// `value(serial:field:)` as the publisher keeps it, without its text.
    public func retainedValue(serial: String, field: String) -> RetainedTopic {
        RetainedTopic(base: base, serial: serial, field: field)
    }

    public func event(serial: String, kind: String) -> String { "\(base)/\(serial)/event/\(kind)" }

    /// One of the gateway's own event topics (`nearby_lightning`), not retained.
    public func gatewayEvent(kind: String) -> String { "\(gatewayRoot)/event/\(kind)" }
}
