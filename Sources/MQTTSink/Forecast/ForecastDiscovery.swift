// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ForecastBridge
import JSON
import Pipeline

/// Home Assistant discovery for the forecast: one "Forecast" device whose
/// entities read the plain topics `<base>/forecast/<field>` — the
/// condition, today's forecast high and low, the precipitation probability
/// for the next hour and for today, the locally corrected temperature 1, 3
/// and 6 hours ahead, the observed-minus-forecast difference and the
/// forecast's age. Units follow the published-units choice. An entity
/// disabled by its field (`condition`) or as `forecast/FIELD` gets an empty
/// config, so Home Assistant removes it; its plain topic stays.
///
/// No entity has a state class: long-term statistics are for what was
/// measured, not for predictions. Each expires (`expire_after`) after three
/// poll intervals without a message, so a forecast that stopped coming
/// shows as unavailable instead of stale. The device is this gateway's
/// (`tempest_forecast_<gateway id>`); the configs of the single shared
/// `tempest_forecast` device that earlier versions announced are cleared.
public struct ForecastDiscovery: Sendable {
    /// One entity of the forecast device.
    public struct Entity: Sendable {
        public var field: String
        public var name: String
        public var deviceClass: String?
        /// The unit when it does not follow the unit choice.
        public var fixedUnit: String?
        public var temperature = false
        public var precision: Int?
        public var diagnostic = false
        /// A difference of temperatures (°C and °F differ by a factor only).
        public var temperatureDifference = false
        /// The values of a `device_class: enum` sensor.
        public var options: [String]? = nil
    }

    public let discovery: HomeAssistantDiscovery
    public let units: PublishedUnits
    /// `expire_after`: three forecast poll intervals, in seconds; nil: none.
    public let expireAfterSeconds: Int?

    /// Makes one; `pollIntervalSeconds` sets `expire_after` to three of them.
    public init(discovery: HomeAssistantDiscovery, units: PublishedUnits, pollIntervalSeconds: Double? = nil) {
        self.discovery = discovery
        self.units = units
        self.expireAfterSeconds = pollIntervalSeconds.map { Int(($0 * 3).rounded(.up)) }
    }

    /// The name that stands for the forecast device in `disabled_entities`
    /// (`forecast/FIELD`), where a station's entities take its serial.
    public static let disableKeyPrefix = "forecast"

    /// The identifier every gateway's forecast device shared before the
    /// gateway id; its configs are cleared.
    public static let retiredDeviceIdentifier = "tempest_forecast"

    /// The identifier of this gateway's forecast device.
    public var deviceIdentifier: String { "tempest_forecast_\(discovery.gatewayID)" }

    public static let entities: [Entity] = [
        Entity(field: "condition", name: "Condition", deviceClass: "enum", options: WeatherCondition.allCases.map(\.rawValue)),
        Entity(field: "temperature_high_today", name: "Forecast high today", deviceClass: "temperature", temperature: true, precision: 1),
        Entity(field: "temperature_low_today", name: "Forecast low today", deviceClass: "temperature", temperature: true, precision: 1),
        Entity(field: "precipitation_probability_next_hour", name: "Precipitation probability next hour", fixedUnit: "%", precision: 0),
        Entity(field: "precipitation_probability_today", name: "Precipitation probability today", fixedUnit: "%", precision: 0),
    ] + ForecastConditions.correctedLeadHours.map { lead in
        Entity(
            field: "corrected_temperature_\(lead)h", name: "Corrected temperature in \(Plural.count(lead, "hour"))",
            deviceClass: "temperature", temperature: true, precision: 1)
    } + [
        Entity(field: "observed_minus_forecast", name: "Observed minus forecast", temperature: true, precision: 1, temperatureDifference: true),
        Entity(field: "forecast_age_minutes", name: "Forecast age", deviceClass: "duration", fixedUnit: "min", precision: 0, diagnostic: true),
    ]

    /// The retained config messages announcing the forecast device (empty
    /// for a disabled entity, which removes it), then empty ones clearing
    /// the shared device of earlier versions.
    public func configs(base: String) -> [(topic: String, payload: String)] {
        Self.entities.map { entity in
            let disabled = discovery.isDisabled(field: entity.field, serial: Self.disableKeyPrefix)
            return (discovery.configTopic(.sensor, serial: deviceIdentifier, field: entity.field), disabled ? "" : payload(entity, base: base))
        } + Self.entities.map { (discovery.configTopic(.sensor, serial: Self.retiredDeviceIdentifier, field: $0.field), "") }
    }

    /// The device class of `entity` for the configured Home Assistant: a
    /// temperature difference is `temperature_delta` from 2025.11 and has
    /// none before (`temperature` would convert it as a temperature:
    /// 2 °C would show as 35.6 °F).
    public func deviceClass(of entity: Entity) -> String? {
        if entity.temperatureDifference {
            return discovery.minimumVersion >= .temperatureDelta ? "temperature_delta" : nil
        }
        return entity.deviceClass
    }

    private func payload(_ entity: Entity, base: String) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.member("name", entity.name)
        json.member("unique_id", "\(deviceIdentifier)_\(entity.field)")
        json.member("state_topic", "\(base)/forecast/\(entity.field)")
        if let deviceClass = deviceClass(of: entity) { json.member("device_class", deviceClass) }
        let unit = entity.temperature ? units.homeAssistantUnit(field: "air_temperature", fallback: "°C") : entity.fixedUnit
        if let unit { json.member("unit_of_measurement", unit) }
        if let options = entity.options { HomeAssistantDiscovery.writeOptions(options, into: &json) }
        if let precision = entity.precision { json.member("suggested_display_precision", Int64(precision)) }
        if let expireAfterSeconds { json.member("expire_after", Int64(expireAfterSeconds)) }
        if entity.diagnostic { json.member("entity_category", "diagnostic") }
        json.key("availability")
        json.beginArray()
        json.beginObject()
        json.member("topic", discovery.layout.gatewayStatus)
        json.endObject()
        json.endArray()
        json.key("device")
        json.beginObject()
        json.key("identifiers")
        json.beginArray()
        json.value(deviceIdentifier)
        json.endArray()
        // Named after the gateway unless it has the default id, so that two
        // gateways' forecast devices can be told apart.
        json.member("name", discovery.gatewayID == "tempest" ? "Forecast" : "Forecast \(discovery.gatewayID)")
        json.member("manufacturer", "Open-Meteo")
        json.member("model", "Forecast merged with the station")
        json.endObject()
        HomeAssistantDiscovery.writeOrigin(into: &json)
        json.endObject()
        return json.text
    }
}
